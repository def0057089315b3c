import type { Metadata } from 'next'
import { FeatureFrame } from '@/components/site/feature-frame'
import { requireAdmin } from '@/lib/auth/user'

export const metadata: Metadata = { title: 'Voices' }

export default async function AdminVoicesPage() {
  await requireAdmin()
  return (
    <FeatureFrame
      eyebrow="Developer"
      title="Voices"
      description="The narrator voices teams can pick for their videos."
      arrivesWith="narration"
      purpose="Create, edit and disable voices, set their order, and upload or generate a sample for each."
    />
  )
}
