'use client'

import { useRef } from 'react'
import { Plus, Shuffle } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { useActionForm } from '@/components/dashboard/use-action-form'
import { COUPON } from '@/lib/constants'
import { createCoupon } from '@/lib/coupons/actions'
import { createCouponSchema } from '@/lib/coupons/schema'
import { formatCredits } from '@/lib/credits/labels'

// no 0/O or 1/I: a code read aloud or copied from paper survives
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

/** Three groups of four random characters (about 60 bits): not guessable, unlike a word code. */
function randomCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12))
  const chars = Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length])
  return [0, 4, 8].map((i) => chars.slice(i, i + 4).join('')).join('-')
}

export function CreateCouponForm() {
  const formRef = useRef<HTMLFormElement>(null)
  const codeRef = useRef<HTMLInputElement>(null)
  const form = useActionForm(
    createCouponSchema,
    createCoupon,
    {
      loading: 'Creating the coupon…',
      success: (data) => `Coupon ${data.code} created`,
      successDescription: (data) => `Each team that redeems it gets ${formatCredits(data.credits)}.`,
    },
    () => formRef.current?.reset(),
  )

  function generate() {
    if (!codeRef.current) return
    codeRef.current.value = randomCode()
    codeRef.current.focus()
  }

  return (
    <form ref={formRef} method="post" noValidate onSubmit={form.onSubmit()} className="grid gap-4 sm:grid-cols-2">
      <Field
        ref={codeRef}
        label="Code"
        name="code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={COUPON.codeMax + 8}
        placeholder="SPRING-2026"
        error={form.errors.code}
        hint={`${COUPON.codeMin}–${COUPON.codeMax} letters, digits or dashes; saved in capitals.`}
        aside={
          <Button type="button" variant="ghost" size="sm" className="-my-1 h-6 px-1.5" onClick={generate}>
            <Shuffle aria-hidden /> Generate
          </Button>
        }
      />
      <Field
        label="Credits"
        name="credits"
        type="number"
        inputMode="numeric"
        min={COUPON.creditsMin}
        max={COUPON.creditsMax}
        step={1}
        placeholder="10"
        error={form.errors.credits}
        hint={`Added to the team's balance: ${COUPON.creditsMin}–${COUPON.creditsMax.toLocaleString('en')}.`}
      />
      <Field
        label="Redemption limit"
        name="maxRedemptions"
        type="number"
        inputMode="numeric"
        min={1}
        max={COUPON.maxRedemptionsMax}
        step={1}
        placeholder="No limit"
        error={form.errors.maxRedemptions}
        hint="How many teams may redeem it. Empty: no limit."
      />
      <Field
        label="Expires (UTC)"
        name="expiresAt"
        type="datetime-local"
        error={form.errors.expiresAt}
        hint="Optional. Redemptions stop at this moment, in UTC."
      />
      <div className="sm:col-span-2">
        <Button type="submit" pending={form.pending}>
          <Plus aria-hidden /> Create coupon
        </Button>
      </div>
    </form>
  )
}
