import Link from 'next/link'
import type { ReactNode } from 'react'
import { ArrowRight } from 'lucide-react'
import { Card } from '@/components/ui/card'

interface StatCardProps {
  label: string
  value: ReactNode
  icon: ReactNode
  hint?: ReactNode
  href?: string
  linkLabel?: string
}

export function StatCard({ label, value, icon, hint, href, linkLabel }: StatCardProps) {
  return (
    <Card className="flex flex-col p-4 sm:p-5">
      <div className="flex items-center justify-between">
        <p className="text-sm font-medium text-muted">{label}</p>
        <span className="flex size-9 items-center justify-center rounded-lg bg-brand-50 text-brand-600 [&_svg]:size-[1.1rem]">
          {icon}
        </span>
      </div>
      <p className="mt-2 text-2xl font-semibold sm:mt-3 sm:text-3xl tracking-tight text-ink tabular-nums">{value}</p>
      {hint ? <p className="mt-1 text-sm text-muted">{hint}</p> : null}
      {href && linkLabel ? (
        <Link
          href={href}
          className="mt-4 inline-flex items-center gap-1 self-start text-sm font-medium text-brand-700 hover:text-brand-800"
        >
          {linkLabel} <ArrowRight aria-hidden className="size-3.5" />
        </Link>
      ) : null}
    </Card>
  )
}
