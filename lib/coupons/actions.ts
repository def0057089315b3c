'use server'

import { revalidatePath } from 'next/cache'
import type { PostgrestError } from '@supabase/supabase-js'
import { retryMessage } from '@/lib/auth/address'
import { isAdmin } from '@/lib/auth/user'
import {
  REDEEM_ALREADY,
  REDEEM_INVALID,
  couponSchema,
  createCouponSchema,
  redeemCouponSchema,
  redeemResultSchema,
  setCouponActiveSchema,
} from '@/lib/coupons/schema'
import { ActionError, userAction } from '@/lib/safe-action'
import { failWith } from '@/lib/teams/errors'

/*
 * Every coupon write is one SQL function called with the person's own session: the admin functions
 * check private.is_admin() and write the audit record themselves (their refusals come back as
 * sentences); redeem_coupon checks membership and every coupon rule under the coupon's row lock and
 * answers a status (redeemResultSchema), counting refusals itself.
 */

const ADMIN_PAGE = '/admin/dev/coupons'

/** The form field each of the database's refusals belongs under. */
const FIELD_OF: [RegExp, string][] = [
  [/^A coupon (code has|with the code)/, 'code'],
  [/^A coupon gives/, 'credits'],
  [/redemptions, or leave the limit empty/, 'maxRedemptions'],
  [/^The expiry/, 'expiresAt'],
]

/** The database's refusal as an ActionError, shown under its field (or `field`, for one-field forms). */
function refuse(error: PostgrestError, field?: string): never {
  try {
    failWith(error)
  } catch (refusal) {
    if (!(refusal instanceof ActionError)) throw refusal
    field ??= FIELD_OF.find(([pattern]) => pattern.test(refusal.message))?.[1]
    throw new ActionError(refusal.message, field ? { [field]: refusal.message } : undefined)
  }
}

async function mustBeAdmin() {
  if (!(await isAdmin())) throw new ActionError('Only administrators can manage coupons.')
}

export const createCoupon = userAction(createCouponSchema, async (input, { supabase }) => {
  await mustBeAdmin()
  const { data, error } = await supabase.rpc('admin_create_coupon', {
    p_code: input.code,
    p_credits: input.credits,
    p_max_redemptions: input.maxRedemptions ?? undefined,
    p_expires_at: input.expiresAt ?? undefined,
  })
  if (error) refuse(error)
  const coupon = couponSchema.parse(data)
  revalidatePath(ADMIN_PAGE)
  return { code: coupon.code, credits: coupon.credits }
})

export const setCouponActive = userAction(setCouponActiveSchema, async ({ couponId, active }, { supabase }) => {
  await mustBeAdmin()
  const { data, error } = await supabase.rpc('admin_set_coupon_active', { p_coupon_id: couponId, p_active: active })
  if (error) refuse(error)
  const coupon = couponSchema.parse(data)
  revalidatePath(ADMIN_PAGE)
  return { code: coupon.code, active: coupon.is_active }
})

export const redeemCoupon = userAction(redeemCouponSchema, async ({ teamId, code }, { supabase }) => {
  // redeem_coupon counts refusals itself (per person and per team), so calling it over REST instead of
  // through this form gains nothing; it answers a status, never which rule an unusable code broke
  const { data, error } = await supabase.rpc('redeem_coupon', { p_team_id: teamId, p_code: code })
  if (error) refuse(error, 'code')
  const result = redeemResultSchema.parse(data)
  switch (result.status) {
    case 'invalid':
      throw new ActionError(REDEEM_INVALID, { code: REDEEM_INVALID })
    case 'already_redeemed':
      throw new ActionError(REDEEM_ALREADY, { code: REDEEM_ALREADY })
    case 'rate_limited': {
      const message = retryMessage(result.retry_after_seconds)
      throw new ActionError(message, { code: message })
    }
  }
  revalidatePath(`/dashboard/${teamId}`, 'layout')
  return { code: result.code, credits: result.credits, balance: result.balance }
})
