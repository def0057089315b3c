import type { ReactNode } from 'react'
import { Construction } from 'lucide-react'
import { EmptyState } from '@/components/ui/empty-state'
import { PageHeader } from '@/components/ui/page-header'

export interface FeatureFrameProps {
  title: string
  description?: ReactNode
  eyebrow?: ReactNode
  /** which piece of work brings the feature, in the product's words */
  arrivesWith: string
  /** what the page will do, one sentence */
  purpose: string
  actions?: ReactNode
  children?: ReactNode
}

/**
 * The frame of a page whose feature lands in a later issue: its title, navigation and access rules
 * are real now; the body says plainly what comes and when, with no pretend data.
 */
export function FeatureFrame({ title, description, eyebrow, arrivesWith, purpose, actions, children }: FeatureFrameProps) {
  return (
    <>
      <PageHeader title={title} description={description} eyebrow={eyebrow} actions={actions} />
      {children}
      <EmptyState icon={<Construction />} title={`Arrives with ${arrivesWith}`} description={purpose} />
    </>
  )
}
