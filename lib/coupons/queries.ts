import 'server-only'
import { z } from 'zod'
import { createClient } from '@/lib/supabase/server'
import { couponSchema, type Coupon } from '@/lib/coupons/schema'

export const COUPON_LIST_LIMIT = 200

/**
 * The newest coupons with their redemption counts, for the admin screen. Read with the
 * administrator's own session: only site administrators pass the coupons policy.
 */
export async function listCoupons(): Promise<{ coupons: Coupon[]; total: number; readAt: number }> {
  const supabase = await createClient()
  const { data, count, error } = await supabase
    .from('coupons')
    .select('id, code, credits, max_redemptions, redemption_count, expires_at, is_active, created_at', { count: 'exact' })
    .order('created_at', { ascending: false })
    .limit(COUPON_LIST_LIMIT)
  if (error) throw new Error(`Could not load the coupons: ${error.message}`)
  // readAt: one moment for the whole list, so every row's state (expired or not) is judged at the same time
  return { coupons: z.array(couponSchema).parse(data), total: count ?? data.length, readAt: Date.now() }
}
