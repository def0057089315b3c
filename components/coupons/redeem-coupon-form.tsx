'use client'

import { useRef } from 'react'
import { Ticket } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { useActionForm } from '@/components/dashboard/use-action-form'
import { capture } from '@/lib/analytics/browser'
import { redeemCoupon } from '@/lib/coupons/actions'
import { redeemCouponSchema } from '@/lib/coupons/schema'
import { formatCredits } from '@/lib/credits/labels'

/** Any member may redeem a code for the team; the balance above refreshes with the page. */
export function RedeemCouponForm({ teamId }: { teamId: string }) {
  const formRef = useRef<HTMLFormElement>(null)
  const form = useActionForm(
    redeemCouponSchema,
    redeemCoupon,
    {
      loading: 'Redeeming the coupon…',
      success: (data) => `${formatCredits(data.credits)} added with ${data.code}`,
      successDescription: (data) => `Your team now has ${formatCredits(data.balance)}.`,
    },
    // only a redeemed code clears the box; a refused one stays to be corrected
    (data) => {
      capture('coupon_redeemed', { team_id: teamId, credits: data.credits })
      formRef.current?.reset()
    },
  )
  return (
    <form
      ref={formRef}
      method="post"
      noValidate
      onSubmit={form.onSubmit({ teamId })}
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
      aria-label="Redeem a coupon"
    >
      <Field
        className="flex-1 sm:max-w-sm"
        label="Coupon code"
        name="code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder="SPRING-2026"
        error={form.errors.code}
        hint="Letters, digits and dashes; upper or lower case."
      />
      <Button type="submit" variant="outline" className="sm:mt-7" pending={form.pending}>
        <Ticket aria-hidden /> Redeem
      </Button>
    </form>
  )
}
