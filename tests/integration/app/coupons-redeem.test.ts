import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { WELCOME_CREDITS } from '../../../lib/constants.ts'
import { startTestStandIn } from '../../../supabase/local/testing.ts'
import { clientFor } from '../../helpers/supabase.ts'
import { assembleCast, behind, createTeam, MIGRATIONS_DIR, must, signUp, type Cast, type Person } from './cast.ts'

// Issue 14, redeem_coupon(): any member of the team, once per team per coupon, only while the coupon
// is active, unexpired and not used up; the credits land in the ledger as `coupon` and the new
// balance comes back. Under 50 concurrent redemptions by 50 teams of a coupon with 10 left, 10 win.
// Issue 24: it answers a status object; every unusable code is {status: 'invalid'}. The limit on
// refusals is tested in coupons-limits.test.ts; here each test starts with no refusals counted.
describe('coupons: redeem_coupon()', () => {
  let cast: Cast
  beforeAll(async () => {
    // the race signs up 50 more people from one address: above the auth server's per-address sign-up limit
    const standIn = await startTestStandIn({ migrationsDir: MIGRATIONS_DIR, seedFile: null, auth: { rateLimits: { signInSignUps: 1000 } } })
    cast = await assembleCast({ standIn })
  })
  afterAll(() => cast?.standIn.stop())
  // the refusal counts of earlier tests would trip the per-person limit (coupons-limits.test.ts)
  beforeEach(async () => {
    await cast.standIn.db.query('delete from private.coupon_attempts')
  })
  const INVALID = { status: 'invalid' }
  const ALREADY = { status: 'already_redeemed' }

  let codes = 0
  /** A new coupon created by the site administrator; returns its code. */
  const coupon = async (opts: { credits?: number; max?: number | null; expires?: string | null } = {}) => {
    codes += 1
    const code = `TEST-${codes}-${Math.random().toString(36).slice(2, 8).toUpperCase()}`
    must(await cast.siteAdmin.client.rpc('admin_create_coupon', {
      p_code: code, p_credits: opts.credits ?? 5, p_max_redemptions: opts.max ?? null, p_expires_at: opts.expires ?? null,
    }), `create ${code}`)
    return code
  }
  const redeem = (person: { client: Cast['visitor'] }, code: string, teamId = cast.teamId) =>
    person.client.rpc('redeem_coupon', { p_team_id: teamId, p_code: code })
  const balance = async (teamId = cast.teamId) => must(await cast.service.rpc('team_credit_balance', { p_team_id: teamId }), 'balance') as number
  const couponRow = async (code: string) => (await behind<{ id: string; redemption_count: number }>(cast, 'coupons', { code }))[0]

  it('adds the credits for a member, matching the code trimmed and in any case, and returns the new balance', async () => {
    const code = await coupon({ credits: 7 })
    const before = await balance()
    const { data, error } = await redeem(cast.member, `  ${code.toLowerCase()} `)
    expect(error).toBeNull()
    expect(data).toEqual({ status: 'redeemed', code, credits: 7, balance: before + 7 })
    expect(await balance()).toBe(before + 7)

    const [redemption] = await behind<{ id: string }>(cast, 'coupon_redemptions', { team_id: cast.teamId, code })
    expect(redemption).toMatchObject({ redeemed_by: cast.member.id, credits: 7, coupon_id: (await couponRow(code)).id })
    expect(await behind(cast, 'credit_ledger', { team_id: cast.teamId, reason: 'coupon', ref_id: redemption.id })).toEqual([
      expect.objectContaining({ delta: 7, note: `Coupon ${code}`, created_by: cast.member.id }),
    ])
    expect((await couponRow(code)).redemption_count).toBe(1)
  })

  it.each(['owner', 'teamAdmin'] as const)('lets the %s redeem too (any member may)', async (who) => {
    const code = await coupon({ credits: 2 })
    const before = await balance()
    expect((await redeem(cast[who], code)).data).toMatchObject({ status: 'redeemed', balance: before + 2 })
  })

  it('refuses a coupon that the team already redeemed, whoever in the team asks', async () => {
    const code = await coupon()
    must(await redeem(cast.member, code), 'first')
    const before = await balance()
    for (const who of ['member', 'owner'] as const) {
      const { data, error } = await redeem(cast[who], code)
      expect(error).toBeNull()
      expect(data).toEqual(ALREADY)
    }
    expect(await balance()).toBe(before)
    expect((await couponRow(code)).redemption_count).toBe(1)
  })

  it('lets another team redeem the same coupon', async () => {
    const code = await coupon({ credits: 4 })
    must(await redeem(cast.member, code), 'ours')
    expect((await redeem(cast.outsider, code, cast.otherTeamId)).data).toMatchObject({ status: 'redeemed', balance: await balance(cast.otherTeamId) })
    expect((await couponRow(code)).redemption_count).toBe(2)
  })

  it('refuses an unknown code and a code of the wrong shape alike', async () => {
    const before = await balance()
    for (const code of ['NO-SUCH-CODE', 'ab', 'x'.repeat(40), "'; drop table coupons; --", '']) {
      const { data, error } = await redeem(cast.member, code)
      expect(error, code).toBeNull()
      expect(data, code).toEqual(INVALID)
    }
    expect(await balance()).toBe(before)
  })

  it('refuses an inactive coupon, and accepts it again once reactivated', async () => {
    const code = await coupon()
    const { id } = await couponRow(code)
    must(await cast.siteAdmin.client.rpc('admin_set_coupon_active', { p_coupon_id: id, p_active: false }), 'deactivate')
    expect((await redeem(cast.member, code)).data).toEqual(INVALID)
    must(await cast.siteAdmin.client.rpc('admin_set_coupon_active', { p_coupon_id: id, p_active: true }), 'reactivate')
    expect((await redeem(cast.member, code)).data).toMatchObject({ status: 'redeemed' })
  })

  it('refuses an expired coupon', async () => {
    const code = await coupon({ expires: new Date(Date.now() + 60_000).toISOString() })
    // time passes: move the expiry behind us (only the service key can)
    must(await cast.service.from('coupons').update({ expires_at: new Date(Date.now() - 1000).toISOString() }).eq('code', code).select('id'), 'expire')
    const before = await balance()
    expect((await redeem(cast.member, code)).data).toEqual(INVALID)
    expect(await balance()).toBe(before)
  })

  it('refuses a coupon whose redemptions are all taken', async () => {
    const code = await coupon({ max: 1 })
    must(await redeem(cast.outsider, code, cast.otherTeamId), 'the only one')
    expect((await redeem(cast.member, code)).data).toEqual(INVALID)
  })

  it('refuses a visitor, a member of another team and a site administrator outside the team', async () => {
    const code = await coupon()
    expect((await redeem({ client: cast.visitor }, code)).error?.code).toBe('42501')
    for (const who of ['outsider', 'siteAdmin'] as const) {
      const { error } = await redeem(cast[who], code)
      expect(error?.message, who).toBe('You are not a member of this team')
      expect(error?.code, who).toBe('42501')
    }
    const ghost = await redeem(cast.member, code, crypto.randomUUID())
    expect(ghost.error?.message).toBe('You are not a member of this team')
    expect((await couponRow(code)).redemption_count).toBe(0)
  })

  it('refuses an anonymous (trial) session', async () => {
    const code = await coupon()
    const trial = clientFor(cast.standIn, 'anon')
    must(await trial.auth.signInAnonymously(), 'anonymous sign-in')
    expect((await trial.rpc('redeem_coupon', { p_team_id: cast.teamId, p_code: code })).error?.message).toBe('You are not a member of this team')
  })

  it('gives one redemption when a team sends the same coupon five times at once', async () => {
    const code = await coupon({ credits: 3 })
    const before = await balance()
    const results = await Promise.all(['member', 'owner', 'teamAdmin', 'member', 'owner'].map((w) => redeem(cast[w as 'member'], code)))
    for (const r of results) expect(r.error).toBeNull()
    expect(results.filter((r) => (r.data as { status: string }).status === 'redeemed')).toHaveLength(1)
    expect(results.filter((r) => (r.data as { status: string }).status === 'already_redeemed')).toHaveLength(4)
    expect(await balance()).toBe(before + 3)
  })

  it('lets exactly 10 of 50 teams win a coupon with 10 redemptions left, all at once', async () => {
    const code = await coupon({ credits: 9, max: 13 })
    for (const [person, teamId] of [[cast.member, cast.teamId], [cast.outsider, cast.otherTeamId]] as const) must(await redeem(person, code, teamId), 'early')
    const third = await signUp(cast.standIn, 'early-bird')
    must(await redeem(third, code, await createTeam(third, 'Early Bird Homes')), 'early')
    expect((await couponRow(code)).redemption_count).toBe(3)

    // 50 people, each the owner of their own new team, each with their own client
    const teams: { person: Person; teamId: string }[] = []
    for (let batch = 0; batch < 5; batch++) {
      teams.push(...(await Promise.all(Array.from({ length: 10 }, async (_, i) => {
        const person = await signUp(cast.standIn, `racer-${batch}-${i}`)
        return { person, teamId: await createTeam(person, `Racer ${batch}-${i} Realty`) }
      }))))
    }
    const results = await Promise.all(teams.map(({ person, teamId }) => redeem(person, code.toLowerCase(), teamId)))

    for (const r of results) expect(r.error).toBeNull()
    const winners = results.filter((r) => (r.data as { status: string }).status === 'redeemed')
    expect(winners).toHaveLength(10)
    for (const r of winners) expect(r.data).toMatchObject({ balance: WELCOME_CREDITS + 9, credits: 9 })
    for (const r of results.filter((r) => !winners.includes(r))) expect(r.data).toEqual(INVALID)
    const row = await couponRow(code)
    expect(row.redemption_count).toBe(13)
    expect(await behind(cast, 'coupon_redemptions', { coupon_id: row.id })).toHaveLength(13)
    const ledger = await cast.standIn.db.query<{ n: number; sum: number }>(
      "select count(*)::int as n, sum(delta)::int as sum from public.credit_ledger where reason = 'coupon' and note = $1",
      [`Coupon ${code}`],
    )
    expect(ledger.rows[0]).toEqual({ n: 13, sum: 13 * 9 })
    // each winner's team got the credits once; each loser's team kept its welcome credits only
    const balances = await Promise.all(teams.map(({ teamId }) => balance(teamId)))
    expect(balances.filter((b) => b === WELCOME_CREDITS + 9)).toHaveLength(10)
    expect(balances.filter((b) => b === WELCOME_CREDITS)).toHaveLength(40)
  }, 120_000)
})
