import { z } from 'zod'
import { COUPON } from '@/lib/constants'
import { idSchema, optionalNumber, toNumberOrNull } from '@/lib/listings/fields'

/*
 * One schema per coupon form, shared by the form (browser) and its server action; the SQL functions
 * (supabase/migrations/20261125011000_coupons.sql) check the same rules again and have the last word.
 */

export const COUPON_CODE_MESSAGE = `A coupon code has ${COUPON.codeMin} to ${COUPON.codeMax} characters: letters A–Z, digits 0–9 and dashes.`

/** Trimmed and upper-cased, so "  spring-10 " is SPRING-10. */
export const couponCodeSchema = z
  .string({ message: 'Enter a coupon code.' })
  .trim()
  .toUpperCase()
  .min(1, { message: 'Enter a coupon code.' })
  .regex(COUPON.codePattern, { message: COUPON_CODE_MESSAGE })

const CREDITS_MESSAGE = `A coupon gives between ${COUPON.creditsMin} and ${COUPON.creditsMax.toLocaleString('en')} credits.`
const LIMIT_MESSAGE = `Allow between 1 and ${COUPON.maxRedemptionsMax.toLocaleString('en')} redemptions, or leave the limit empty for no limit.`

const creditsSchema = z
  .union([z.number(), z.string(), z.null(), z.undefined()], { message: CREDITS_MESSAGE })
  .transform(toNumberOrNull)
  .pipe(
    z
      .number({ message: 'Enter how many credits the coupon gives.' })
      .int({ message: 'Credits are whole numbers.' })
      .min(COUPON.creditsMin, { message: CREDITS_MESSAGE })
      .max(COUPON.creditsMax, { message: CREDITS_MESSAGE }),
  )

/** What a datetime-local box sends ("2026-12-31T23:59"); the admin screen reads and writes it in UTC. */
const LOCAL_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/

/** Optional; blank is no expiry. Becomes an ISO timestamp, and must be in the future. */
const expiresAtSchema = z
  .union([z.string(), z.null(), z.undefined()], { message: 'Enter the expiry as a date and time.' })
  .transform((v) => (typeof v === 'string' && v.trim() ? v.trim() : null))
  .pipe(
    z
      .string()
      .regex(LOCAL_DATETIME, { message: 'Enter the expiry as a date and time.' })
      .transform((v) => new Date(`${v}Z`))
      .refine((d) => !Number.isNaN(d.getTime()), { message: 'That date does not exist.' })
      .refine((d) => d.getTime() > Date.now(), { message: 'The expiry must be in the future.' })
      .transform((d) => d.toISOString())
      .nullable(),
  )
  .default(null)

export const createCouponSchema = z.object({
  code: couponCodeSchema,
  credits: creditsSchema,
  maxRedemptions: optionalNumber('the redemption limit', (n) =>
    n
      .int({ message: 'The redemption limit is a whole number.' })
      .min(1, { message: LIMIT_MESSAGE })
      .max(COUPON.maxRedemptionsMax, { message: LIMIT_MESSAGE }),
  ),
  expiresAt: expiresAtSchema,
})

export const setCouponActiveSchema = z.object({
  couponId: idSchema,
  active: z.boolean({ message: 'Say whether the coupon should be active.' }),
})

export const redeemCouponSchema = z.object({ teamId: idSchema, code: couponCodeSchema })

/**
 * What public.redeem_coupon answers (20261126000400_coupon_attempts.sql). A refusal is a status, not
 * an error, so the attempt it counts is kept; every unusable code (unknown, inactive, expired, used
 * up) is the one status 'invalid'.
 */
export const redeemResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('redeemed'), code: z.string(), credits: z.number().int(), balance: z.number().int() }).strict(),
  z.object({ status: z.literal('invalid') }).strict(),
  z.object({ status: z.literal('already_redeemed') }).strict(),
  z.object({ status: z.literal('rate_limited'), retry_after_seconds: z.number().int().positive() }).strict(),
])
export type RedeemResult = z.infer<typeof redeemResultSchema>

/** The sentence a refused redemption shows (the same one for every unusable code). */
export const REDEEM_INVALID = 'This code cannot be redeemed. Check it and try again.'
export const REDEEM_ALREADY = 'Your team has already redeemed this coupon.'

export type CreateCouponInput = z.input<typeof createCouponSchema>

/** A coupon as the admin screen reads it (parsed: data from the database is checked before use). */
export const couponSchema = z.object({
  id: z.guid(),
  code: z.string(),
  credits: z.number().int(),
  max_redemptions: z.number().int().nullable(),
  redemption_count: z.number().int(),
  expires_at: z.string().nullable(),
  is_active: z.boolean(),
  created_at: z.string(),
})
export type Coupon = z.infer<typeof couponSchema>

export type CouponState = 'active' | 'inactive' | 'expired' | 'used_up'

/** What a customer who typed the code now would meet first (the order redeem_coupon checks in). */
export function couponState(coupon: Coupon, now = Date.now()): CouponState {
  if (!coupon.is_active) return 'inactive'
  if (coupon.expires_at && new Date(coupon.expires_at).getTime() <= now) return 'expired'
  if (coupon.max_redemptions !== null && coupon.redemption_count >= coupon.max_redemptions) return 'used_up'
  return 'active'
}

/** Redemptions left, or null when there is no limit. */
export function redemptionsLeft(coupon: Coupon): number | null {
  return coupon.max_redemptions === null ? null : Math.max(0, coupon.max_redemptions - coupon.redemption_count)
}
