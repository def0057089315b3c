import type { ReactNode } from 'react'
import { cn } from '@/components/ui/cn'

interface EditorSectionProps {
  id: string
  title: ReactNode
  description?: ReactNode
  /** something at the right of the heading (a count, a button) */
  aside?: ReactNode
  children: ReactNode
  className?: string
}

/**
 * One card of the editor's form, with a heading the page's outline and screen readers can jump to.
 * `isolate` makes each card its own stacking context, so Chromium repaints only the card that changed
 * and reuses the others' paint: a keystroke's paint fell from ~7 to ~2 ms (docs/editor.md, issue 25).
 */
export function EditorSection({ id, title, description, aside, children, className }: EditorSectionProps) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className={cn('isolate scroll-mt-28 rounded-xl border border-border bg-surface shadow-card', className)}>
      <div className="flex items-start justify-between gap-3 border-b border-border px-4 py-3.5 sm:px-5">
        <div className="min-w-0 space-y-0.5">
          <h2 id={`${id}-heading`} className="text-base font-semibold text-ink">
            {title}
          </h2>
          {description ? <p className="text-sm text-muted">{description}</p> : null}
        </div>
        {aside ? <div className="shrink-0">{aside}</div> : null}
      </div>
      <div className="space-y-4 px-4 py-4 sm:px-5">{children}</div>
    </section>
  )
}
