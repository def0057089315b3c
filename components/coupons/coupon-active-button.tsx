'use client'

import { useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { setCouponActive } from '@/lib/coupons/actions'

/** Deactivate or reactivate one coupon; the list refreshes with the page. */
export function CouponActiveButton({ couponId, code, active }: { couponId: string; code: string; active: boolean }) {
  const [pending, setPending] = useState(false)

  async function toggle() {
    setPending(true)
    const id = toast.loading(active ? `Deactivating ${code}…` : `Reactivating ${code}…`)
    try {
      const result = await setCouponActive({ couponId, active: !active })
      if (result.ok) {
        toast.success(result.data.active ? `${code} is active again` : `${code} deactivated`, {
          id,
          description: result.data.active ? 'Teams can redeem it again.' : 'Teams can no longer redeem it; past redemptions stay.',
        })
      } else {
        toast.error(result.error, { id })
      }
    } catch {
      toast.error('We could not reach the server. Check your connection and try again.', { id })
    } finally {
      setPending(false)
    }
  }

  return (
    <Button variant="outline" size="sm" pending={pending} onClick={toggle} aria-label={`${active ? 'Deactivate' : 'Reactivate'} ${code}`}>
      {active ? 'Deactivate' : 'Reactivate'}
    </Button>
  )
}
