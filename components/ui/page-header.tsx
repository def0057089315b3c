import type { ReactNode } from 'react'
import { cn } from './cn'

export interface PageHeaderProps {
  title: ReactNode
  description?: ReactNode
  /** small text above the title, e.g. a breadcrumb or section name */
  eyebrow?: ReactNode
  /** buttons at the right (below the title on phones) */
  actions?: ReactNode
  className?: string
}

export function PageHeader({ title, description, eyebrow, actions, className }: PageHeaderProps) {
  return (
    <div className={cn('flex flex-col gap-4 pb-6 sm:flex-row sm:items-end sm:justify-between', className)}>
      <div className="min-w-0 space-y-1">
        {eyebrow ? <div className="text-sm font-medium text-brand-700">{eyebrow}</div> : null}
        <h1 className="truncate text-2xl font-semibold tracking-tight text-ink sm:text-[1.75rem]">{title}</h1>
        {description ? <p className="max-w-2xl text-sm text-muted sm:text-base">{description}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  )
}
