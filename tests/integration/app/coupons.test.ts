import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COUPON, WELCOME_CREDITS } from '../../../lib/constants.ts'
import { assembleCast, behind, everyone, must, type Cast } from './cast.ts'

// Issue 14, coupons: the tables (admins read coupons; a team reads its own redemptions; nobody writes
// through the API) and the admin functions (refused to everyone but site administrators, audited).
// Redemption rules and the 50-way race: coupons-redeem.test.ts.
describe('coupons: tables and admin functions', () => {
  let cast: Cast
  let couponId: string
  beforeAll(async () => {
    cast = await assembleCast()
    const created = must(
      await cast.siteAdmin.client.rpc('admin_create_coupon', { p_code: 'SPRING-10', p_credits: 10, p_max_redemptions: 5 }),
      'create SPRING-10',
    ) as { id: string }
    couponId = created.id
    must(await cast.member.client.rpc('redeem_coupon', { p_team_id: cast.teamId, p_code: 'spring-10' }), 'redeem')
  })
  afterAll(() => cast?.standIn.stop())

  const create = (client = cast.siteAdmin.client, code = 'NEW-CODE', credits = 5, max: number | null = null, expires: string | null = null) =>
    client.rpc('admin_create_coupon', { p_code: code, p_credits: credits, p_max_redemptions: max, p_expires_at: expires })
  const audits = (action: string) => behind<{ actor_id: string; details: Record<string, unknown> }>(cast, 'admin_audit_log', { action })

  describe('coupons table', () => {
    it('refuses a visitor without a session', async () => {
      expect((await cast.visitor.from('coupons').select('id')).error?.code).toBe('42501')
    })

    it.each(['owner', 'teamAdmin', 'member', 'outsider'] as const)('shows no coupon to the %s (codes are the secret)', async (who) => {
      const { data, error } = await cast[who].client.from('coupons').select('id, code')
      expect(error).toBeNull()
      expect(data).toEqual([])
    })

    it('shows every coupon, with its redemption count, to a site administrator', async () => {
      const { data } = await cast.siteAdmin.client.from('coupons').select('code, credits, max_redemptions, redemption_count, is_active').eq('id', couponId)
      expect(data).toEqual([{ code: 'SPRING-10', credits: 10, max_redemptions: 5, redemption_count: 1, is_active: true }])
    })

    it('refuses inserting, editing or deleting coupons through the API, for anyone', async () => {
      for (const [who, client] of everyone(cast)) {
        expect((await client.from('coupons').insert({ code: 'SNEAKY', credits: 1000 })).error?.code, who).toBe('42501')
        expect((await client.from('coupons').update({ redemption_count: 0 }).eq('id', couponId)).error?.code, who).toBe('42501')
        expect((await client.from('coupons').delete().eq('id', couponId)).error?.code, who).toBe('42501')
      }
      expect(await behind(cast, 'coupons', { code: 'SNEAKY' })).toEqual([])
      expect(await behind(cast, 'coupons', { id: couponId })).toEqual([expect.objectContaining({ redemption_count: 1 })])
    })
  })

  describe('coupon_redemptions table', () => {
    it('refuses a visitor without a session', async () => {
      expect((await cast.visitor.from('coupon_redemptions').select('id')).error?.code).toBe('42501')
    })

    it.each(['owner', 'teamAdmin', 'member'] as const)("shows the team's own redemptions to the %s", async (who) => {
      const { data } = await cast[who].client.from('coupon_redemptions').select('team_id, code, credits, redeemed_by')
      expect(data).toEqual([{ team_id: cast.teamId, code: 'SPRING-10', credits: 10, redeemed_by: cast.member.id }])
    })

    it('hides them from a member of another team', async () => {
      expect((await cast.outsider.client.from('coupon_redemptions').select('id')).data).toEqual([])
    })

    it('shows every redemption to a site administrator', async () => {
      const { data } = await cast.siteAdmin.client.from('coupon_redemptions').select('coupon_id, team_id').eq('coupon_id', couponId)
      expect(data).toEqual([{ coupon_id: couponId, team_id: cast.teamId }])
    })

    it('refuses writing redemptions through the API, for anyone', async () => {
      for (const [who, client] of everyone(cast)) {
        const row = { coupon_id: couponId, team_id: cast.otherTeamId, code: 'SPRING-10', credits: 10 }
        expect((await client.from('coupon_redemptions').insert(row)).error?.code, who).toBe('42501')
        expect((await client.from('coupon_redemptions').update({ credits: 1000 }).eq('coupon_id', couponId)).error?.code, who).toBe('42501')
        expect((await client.from('coupon_redemptions').delete().eq('coupon_id', couponId)).error?.code, who).toBe('42501')
      }
      expect(await behind(cast, 'coupon_redemptions', { coupon_id: couponId })).toHaveLength(1)
    })
  })

  describe('admin_create_coupon()', () => {
    it('refuses a visitor', async () => {
      expect((await create(cast.visitor)).error?.code).toBe('42501')
    })

    it.each(['owner', 'teamAdmin', 'member', 'outsider'] as const)('refuses the %s', async (who) => {
      const { error } = await create(cast[who].client, `BY-${who.toUpperCase()}`)
      expect(error?.message).toBe('Only administrators can create coupons')
      expect(error?.code).toBe('42501')
      expect(await behind(cast, 'coupons', { code: `BY-${who.toUpperCase()}` })).toEqual([])
    })

    it('lets a site administrator create one: trimmed, upper-cased, recorded in the audit log', async () => {
      const expires = new Date(Date.now() + 86_400_000).toISOString()
      const { data, error } = await create(cast.siteAdmin.client, '  welcome-2026 ', 25, 100, expires)
      expect(error).toBeNull()
      expect(data).toMatchObject({
        code: 'WELCOME-2026', credits: 25, max_redemptions: 100, redemption_count: 0, is_active: true, created_by: cast.siteAdmin.id,
      })
      expect(new Date((data as { expires_at: string }).expires_at).toISOString()).toBe(expires)
      const [entry] = (await audits('coupon.create')).filter((a) => a.details.code === 'WELCOME-2026')
      expect(entry).toMatchObject({
        actor_id: cast.siteAdmin.id,
        details: { coupon_id: (data as { id: string }).id, code: 'WELCOME-2026', credits: 25, max_redemptions: 100 },
      })
    })

    it('allows no limit and no expiry (null)', async () => {
      const { data } = await create(cast.siteAdmin.client, 'FOREVER', 1, null, null)
      expect(data).toMatchObject({ code: 'FOREVER', max_redemptions: null, expires_at: null })
    })

    it('refuses a code of the wrong shape', async () => {
      const tooLong = 'A'.repeat(COUPON.codeMax + 1)
      for (const code of ['ABC', tooLong, 'HAS SPACE', 'UNDER_SCORE', 'ÉTÉ-2026', '']) {
        const { error } = await create(cast.siteAdmin.client, code)
        expect(error?.message, code).toBe('A coupon code has 4 to 32 characters: letters A–Z, digits 0–9 and dashes')
      }
      expect((await create(cast.siteAdmin.client, 'A'.repeat(COUPON.codeMax))).error).toBeNull()
      expect((await create(cast.siteAdmin.client, 'B'.repeat(COUPON.codeMin))).error).toBeNull()
    })

    it(`refuses credits outside ${COUPON.creditsMin}–${COUPON.creditsMax}`, async () => {
      for (const [i, credits] of [0, -3, COUPON.creditsMax + 1].entries()) {
        const { error } = await create(cast.siteAdmin.client, `CREDITS-${i}`, credits)
        expect(error?.message).toBe('A coupon gives between 1 and 1,000 credits')
      }
      expect((await create(cast.siteAdmin.client, 'TOP-CREDITS', COUPON.creditsMax)).error).toBeNull()
    })

    it('refuses a redemption limit below 1 or above the maximum', async () => {
      for (const [i, max] of [0, -1, COUPON.maxRedemptionsMax + 1].entries()) {
        const { error } = await create(cast.siteAdmin.client, `LIMIT-${i}`, 5, max)
        expect(error?.message).toBe('Allow between 1 and 1,000,000 redemptions, or leave the limit empty for no limit')
      }
    })

    it('refuses an expiry in the past', async () => {
      const { error } = await create(cast.siteAdmin.client, 'TOO-LATE', 5, null, new Date(Date.now() - 60_000).toISOString())
      expect(error?.message).toBe('The expiry must be in the future')
      expect(await behind(cast, 'coupons', { code: 'TOO-LATE' })).toEqual([])
    })

    it('refuses a duplicate code, whatever its case, and records nothing', async () => {
      const before = (await audits('coupon.create')).length
      const { error } = await create(cast.siteAdmin.client, 'spring-10')
      expect(error?.message).toBe('A coupon with the code SPRING-10 already exists')
      expect((await audits('coupon.create')).length).toBe(before)
    })
  })

  describe('admin_set_coupon_active()', () => {
    const setActive = (client: Cast['visitor'], active: boolean, id = couponId) =>
      client.rpc('admin_set_coupon_active', { p_coupon_id: id, p_active: active })

    it('refuses a visitor', async () => {
      expect((await setActive(cast.visitor, false)).error?.code).toBe('42501')
    })

    it.each(['owner', 'teamAdmin', 'member', 'outsider'] as const)('refuses the %s', async (who) => {
      const { error } = await setActive(cast[who].client, false)
      expect(error?.message).toBe('Only administrators can change coupons')
      expect(await behind(cast, 'coupons', { id: couponId })).toEqual([expect.objectContaining({ is_active: true })])
    })

    it('lets a site administrator deactivate and reactivate, each recorded once', async () => {
      const off = await setActive(cast.siteAdmin.client, false)
      expect(off.data).toMatchObject({ id: couponId, is_active: false })
      // asking again for the same state changes and records nothing
      expect((await setActive(cast.siteAdmin.client, false)).data).toMatchObject({ is_active: false })
      expect(await audits('coupon.deactivate')).toEqual([
        expect.objectContaining({ actor_id: cast.siteAdmin.id, details: { coupon_id: couponId, code: 'SPRING-10' } }),
      ])
      const on = await setActive(cast.siteAdmin.client, true)
      expect(on.data).toMatchObject({ is_active: true })
      expect(await audits('coupon.reactivate')).toHaveLength(1)
    })

    it('says so for a coupon that does not exist', async () => {
      const { error } = await setActive(cast.siteAdmin.client, false, crypto.randomUUID())
      expect(error?.message).toBe('That coupon does not exist')
    })
  })

  it('keeps the welcome credits and the coupon apart in the ledger', async () => {
    const rows = await behind<{ delta: number; reason: string }>(cast, 'credit_ledger', { team_id: cast.teamId })
    expect(rows.map((r) => [r.reason, r.delta]).sort()).toEqual([['coupon', 10], ['welcome', WELCOME_CREDITS]])
  })
})
