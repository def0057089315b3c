import type { Metadata } from 'next'
import { FeatureFrame } from '@/components/site/feature-frame'
import { requireAdmin } from '@/lib/auth/user'

export const metadata: Metadata = { title: 'Feedback' }

export default async function AdminFeedbackPage() {
  await requireAdmin()
  return (
    <FeatureFrame
      title="Feedback"
      description="What people tell us from inside the app."
      arrivesWith="feedback"
      purpose="Bug reports, ideas and praise will be listed here, filterable by status and kind, with a status and a note per item."
    />
  )
}
