import type { Metadata } from 'next'
import { FeatureFrame } from '@/components/site/feature-frame'
import { requireAdmin } from '@/lib/auth/user'

export const metadata: Metadata = { title: 'Coupons' }

export default async function AdminCouponsPage() {
  await requireAdmin()
  return (
    <FeatureFrame
      eyebrow="Developer"
      title="Coupons"
      description="Codes that give a team extra render credits."
      arrivesWith="coupons"
      purpose="Create codes (4–32 characters of A–Z, 0–9 and dashes) worth 1 to 1,000 credits, with a redemption limit and an expiry date, and disable them."
    />
  )
}
