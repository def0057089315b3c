'use client'

import { useRef, type MouseEvent, type ReactNode } from 'react'
import { cn } from '@/components/ui/cn'
import { menuItemClasses } from '@/components/ui/menu'

/**
 * Signs out with a plain form POST to /auth/signout (POST only: a link prefetch can never sign
 * anyone out), so it works before hydration too.
 *
 * In a menu, choosing an item closes the menu, and React removes the menu (this form with it)
 * while the click is still being dispatched: the browser's own submission, which runs after the
 * click, then finds the form gone and cancels ("Form submission canceled because the form is not
 * connected"). So the click submits the form itself, at once, while it is still in the page; the
 * navigation that starts then is not undone by the menu closing. Enter and Space on the focused
 * item are clicks too.
 */
export function SignOutButton({ children, asMenuItem, className }: { children: ReactNode; asMenuItem?: boolean; className?: string }) {
  const form = useRef<HTMLFormElement>(null)
  const submitNow = (event: MouseEvent<HTMLButtonElement>) => {
    const target = form.current
    if (!target?.isConnected) return
    event.preventDefault()
    target.requestSubmit()
  }
  return (
    <form ref={form} action="/auth/signout" method="post">
      <button type="submit" role={asMenuItem ? 'menuitem' : undefined} onClick={submitNow} className={cn(asMenuItem && menuItemClasses, className)}>
        {children}
      </button>
    </form>
  )
}
