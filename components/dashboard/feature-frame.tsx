import Link from 'next/link'
import type { ReactNode } from 'react'
import { ChevronLeft } from 'lucide-react'
import { EmptyState } from '@/components/ui/empty-state'
import { PageHeader } from '@/components/ui/page-header'

interface FeatureFrameProps {
  title: string
  description?: string
  icon: ReactNode
  /** the one plain sentence about when this screen gets its feature */
  arrives: string
  back?: { href: string; label: string }
  actions?: ReactNode
}

/**
 * A route whose feature belongs to a later issue: its real place in the navigation and its access
 * rules, an honest sentence, and no invented data.
 */
export function FeatureFrame({ title, description, icon, arrives, back, actions }: FeatureFrameProps) {
  return (
    <>
      {back ? (
        <Link href={back.href} className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-muted hover:text-ink">
          <ChevronLeft aria-hidden className="size-4" /> {back.label}
        </Link>
      ) : null}
      <PageHeader title={title} description={description} actions={actions} />
      <EmptyState icon={icon} title="Not available yet" description={arrives} />
    </>
  )
}
