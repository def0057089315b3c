import { describe, expect, it } from 'vitest'
import { COUPON } from '@/lib/constants'
import { couponState, createCouponSchema, redeemCouponSchema, redemptionsLeft, type Coupon } from '@/lib/coupons/schema'

const TEAM = '0b6f1f0e-7c1d-4a8e-9a51-1f0c2d3e4f50'
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message

describe('coupon schemas (the forms and the actions)', () => {
  it('trims and upper-cases a code typed in any case', () => {
    expect(redeemCouponSchema.parse({ teamId: TEAM, code: '  spring-10 ' })).toEqual({ teamId: TEAM, code: 'SPRING-10' })
  })

  it('refuses codes of the wrong shape with one sentence, and an empty box with another', () => {
    for (const code of ['abc', 'A'.repeat(COUPON.codeMax + 1), 'HAS SPACE', 'UNDER_SCORE', 'ÉTÉ-2026']) {
      expect(firstMessage(redeemCouponSchema.safeParse({ teamId: TEAM, code })), code).toBe(
        'A coupon code has 4 to 32 characters: letters A–Z, digits 0–9 and dashes.',
      )
    }
    expect(firstMessage(redeemCouponSchema.safeParse({ teamId: TEAM, code: '   ' }))).toBe('Enter a coupon code.')
  })

  it('reads the create form: credits required within 1–1,000, the limit and expiry optional', () => {
    const parsed = createCouponSchema.parse({ code: 'welcome', credits: '25', maxRedemptions: '', expiresAt: '' })
    expect(parsed).toEqual({ code: 'WELCOME', credits: 25, maxRedemptions: null, expiresAt: null })
    expect(firstMessage(createCouponSchema.safeParse({ code: 'WELCOME', credits: '' }))).toBe('Enter how many credits the coupon gives.')
    for (const credits of ['0', '1001', '-5']) {
      expect(firstMessage(createCouponSchema.safeParse({ code: 'WELCOME', credits }))).toBe('A coupon gives between 1 and 1,000 credits.')
    }
    expect(firstMessage(createCouponSchema.safeParse({ code: 'WELCOME', credits: '2.5' }))).toBe('Credits are whole numbers.')
    expect(firstMessage(createCouponSchema.safeParse({ code: 'WELCOME', credits: '5', maxRedemptions: '0' }))).toBe(
      'Allow between 1 and 1,000,000 redemptions, or leave the limit empty for no limit.',
    )
  })

  it('reads the expiry as UTC and wants it in the future', () => {
    const next = new Date(Date.now() + 86_400_000)
    const box = next.toISOString().slice(0, 16)
    expect(createCouponSchema.parse({ code: 'LATER', credits: 1, expiresAt: box }).expiresAt).toBe(`${box}:00.000Z`)
    const past = new Date(Date.now() - 86_400_000).toISOString().slice(0, 16)
    expect(firstMessage(createCouponSchema.safeParse({ code: 'LATER', credits: 1, expiresAt: past }))).toBe('The expiry must be in the future.')
    expect(firstMessage(createCouponSchema.safeParse({ code: 'LATER', credits: 1, expiresAt: 'tomorrow' }))).toBe('Enter the expiry as a date and time.')
  })
})

describe('coupon state on the admin list', () => {
  const base: Coupon = {
    id: TEAM, code: 'SPRING-10', credits: 10, max_redemptions: 5, redemption_count: 2,
    expires_at: null, is_active: true, created_at: '2026-11-25T10:00:00Z',
  }
  const now = Date.parse('2026-12-01T00:00:00Z')

  it('is active with redemptions left, and says how many', () => {
    expect(couponState(base, now)).toBe('active')
    expect(redemptionsLeft(base)).toBe(3)
    expect(redemptionsLeft({ ...base, max_redemptions: null })).toBeNull()
  })

  it('says inactive first, then expired, then used up (the order redeem_coupon refuses in)', () => {
    const everything = { ...base, is_active: false, expires_at: '2026-11-30T00:00:00Z', redemption_count: 5 }
    expect(couponState(everything, now)).toBe('inactive')
    expect(couponState({ ...everything, is_active: true }, now)).toBe('expired')
    expect(couponState({ ...everything, is_active: true, expires_at: null }, now)).toBe('used_up')
  })
})
