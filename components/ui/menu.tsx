'use client'

import Link from 'next/link'
import { useEffect, useId, useRef, useState, type ComponentProps, type ReactNode } from 'react'
import { cn } from './cn'

export interface MenuProps {
  /** the content of the trigger button */
  trigger: ReactNode
  /** added to the trigger's accessible name after its visible text */
  triggerLabel?: string
  triggerClassName?: string
  align?: 'start' | 'end'
  children: ReactNode
  className?: string
}

/** A dropdown menu: opens on click, closes on outside click, Escape or choosing an item. */
export function Menu({ trigger, triggerLabel, triggerClassName, align = 'end', children, className }: MenuProps) {
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const menuId = useId()

  useEffect(() => {
    if (!open) return
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false)
    }
    document.addEventListener('pointerdown', onPointer)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('pointerdown', onPointer)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
        className={cn('inline-flex items-center gap-2 rounded-lg', triggerClassName)}
      >
        {trigger}
        {/* after the visible text, so the name contains what is seen (WCAG label in name) */}
        {triggerLabel ? <span className="sr-only">{`, ${triggerLabel}`}</span> : null}
      </button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          onClick={(event) => {
            if ((event.target as HTMLElement).closest('[role="menuitem"]')) setOpen(false)
          }}
          className={cn(
            'absolute z-50 mt-2 min-w-52 overflow-hidden rounded-xl border border-border bg-surface p-1 shadow-pop',
            align === 'end' ? 'right-0' : 'left-0',
            className,
          )}
        >
          {children}
        </div>
      ) : null}
    </div>
  )
}

/** The look of a menu item; also used by items that are not built here (components/auth/sign-out-button.tsx). */
export const menuItemClasses =
  'flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm text-ink hover:bg-ink/5 focus-visible:bg-ink/5 [&_svg]:size-4 [&_svg]:text-subtle'

export function MenuItem({ className, type = 'button', ...rest }: ComponentProps<'button'>) {
  return <button role="menuitem" type={type} className={cn(menuItemClasses, className)} {...rest} />
}

export function MenuLink({ className, ...rest }: ComponentProps<typeof Link>) {
  return <Link role="menuitem" className={cn(menuItemClasses, className)} {...rest} />
}

export function MenuLabel({ className, ...rest }: ComponentProps<'div'>) {
  return <div className={cn('px-3 pt-2 pb-1 text-xs font-medium text-subtle', className)} {...rest} />
}

export function MenuSeparator() {
  return <div role="separator" className="my-1 h-px bg-border" />
}
