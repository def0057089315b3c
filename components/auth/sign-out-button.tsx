import type { ReactNode } from 'react'
import { cn } from '@/components/ui/cn'

/**
 * Signs out with a plain form POST to /auth/signout, so it works before hydration and a link
 * prefetch can never sign anyone out.
 */
export function SignOutButton({ children, asMenuItem, className }: { children: ReactNode; asMenuItem?: boolean; className?: string }) {
  return (
    <form action="/auth/signout" method="post">
      <button
        type="submit"
        role={asMenuItem ? 'menuitem' : undefined}
        className={cn(
          asMenuItem &&
            'flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm text-ink hover:bg-ink/5 [&_svg]:size-4 [&_svg]:text-subtle',
          className,
        )}
      >
        {children}
      </button>
    </form>
  )
}
