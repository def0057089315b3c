'use server'

import { revalidatePath } from 'next/cache'
import { z } from 'zod'
import type { PostgrestError } from '@supabase/supabase-js'
import { checkAttempt, recordFailure, type LimitKey } from '@/lib/auth/rate-limit'
import { isAdmin } from '@/lib/auth/user'
import { couponSchema, createCouponSchema, redeemCouponSchema, setCouponActiveSchema } from '@/lib/coupons/schema'
import { ActionError, userAction } from '@/lib/safe-action'
import { failWith } from '@/lib/teams/errors'

/*
 * Every coupon write is one SQL function called with the person's own session: the admin functions
 * check private.is_admin() and write the audit record themselves; redeem_coupon checks membership
 * and every coupon rule under the coupon's row lock. Their refusals come back as sentences.
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

export const redeemCoupon = userAction(redeemCouponSchema, async ({ teamId, code }, { supabase, user }) => {
  // refusals are counted per person, so the form cannot be used to guess codes
  const limit: LimitKey = { name: 'couponFailuresPerAccount', subject: user.id }
  await checkAttempt(limit)
  const { data: balance, error } = await supabase.rpc('redeem_coupon', { p_team_id: teamId, p_code: code })
  if (error) {
    if (error.code === 'P0001') await recordFailure(limit)
    refuse(error, 'code')
  }
  // one redemption per team and coupon: the row just written says what the team received
  const { data: redemption, error: readError } = await supabase
    .from('coupon_redemptions')
    .select('code, credits')
    .eq('team_id', teamId)
    .eq('code', code)
    .single()
  if (readError) throw new Error(`Could not read the redemption back: ${readError.message}`)
  const redeemed = z.object({ code: z.string(), credits: z.number().int() }).parse(redemption)
  revalidatePath(`/dashboard/${teamId}`, 'layout')
  return { code: redeemed.code, credits: redeemed.credits, balance: z.number().int().parse(balance) }
})
