import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { COUPON } from '../../../lib/constants.ts'
import { clientFor } from '../../helpers/supabase.ts'
import { assembleCast, must, type Cast, type Person } from './cast.ts'

// Issue 24, item 5: coupon codes cannot be guessed. redeem_coupon counts refused attempts itself
// (COUPON.refusalsPerAccount per person per 15 minutes, COUPON.refusalsPerTeam per team per hour),
// so calling it straight over REST with a member's own token, one fresh request each, gains nothing;
// and every unusable code gets the same answer, byte for byte.
describe('coupons: guessing codes through the API', () => {
  let cast: Cast
  beforeAll(async () => {
    cast = await assembleCast()
  })
  afterAll(() => cast?.standIn.stop())
  // each test starts with nothing counted (tolerant of a database without the table, so the test
  // fails on what the function answers, not on its own set-up)
  beforeEach(async () => {
    await cast.standIn.db.query(`do $$ begin if to_regclass('private.coupon_attempts') is not null then delete from private.coupon_attempts; end if; end $$`)
  })

  let codes = 0
  const coupon = async (opts: { credits?: number; max?: number | null } = {}) => {
    codes += 1
    const code = `LIMIT-${codes}-${Math.random().toString(36).slice(2, 8).toUpperCase()}`
    must(await cast.siteAdmin.client.rpc('admin_create_coupon', {
      p_code: code, p_credits: opts.credits ?? 5, p_max_redemptions: opts.max ?? null, p_expires_at: null,
    }), `create ${code}`)
    return code
  }
  const tokenOf = async (person: Person) => {
    const { data } = await person.client.auth.getSession()
    if (!data.session) throw new Error(`${person.email} has no session`)
    return data.session.access_token
  }
  /** One redemption as a brand-new client holding only the person's access token: a fresh request. */
  const freshRedeem = async (person: Person, code: string, teamId = cast.teamId) => {
    const client = clientFor(cast.standIn, 'anon', { global: { headers: { Authorization: `Bearer ${await tokenOf(person)}` } } })
    const { data, error } = await client.rpc('redeem_coupon', { p_team_id: teamId, p_code: code })
    expect(error).toBeNull()
    return data as { status: string; retry_after_seconds?: number }
  }
  /** The raw HTTP answer of POST /rest/v1/rpc/redeem_coupon. */
  const raw = async (person: Person, code: string) => {
    const response = await fetch(`${cast.standIn.url}/rest/v1/rpc/redeem_coupon`, {
      method: 'POST',
      headers: { apikey: cast.standIn.config.anonKey, Authorization: `Bearer ${await tokenOf(person)}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ p_team_id: cast.teamId, p_code: code }),
    })
    return { status: response.status, type: response.headers.get('content-type'), body: await response.text() }
  }
  const balance = async (teamId = cast.teamId) => must(await cast.service.rpc('team_credit_balance', { p_team_id: teamId }), 'balance') as number
  const refusalsOf = async (column: 'user_id' | 'team_id', id: string) =>
    (await cast.standIn.db.query<{ n: number }>(`select count(*)::int as n from private.coupon_attempts where refused and ${column} = $1`, [id])).rows[0].n

  it(`refuses the ${COUPON.refusalsPerAccount + 1}th attempt after ${COUPON.refusalsPerAccount} wrong codes as rate limited, even a right code, though each call is a fresh request`, async () => {
    const right = await coupon({ credits: 7 })
    const before = await balance()
    for (let i = 0; i < COUPON.refusalsPerAccount; i++) {
      expect(await freshRedeem(cast.member, `GUESS-${i}-${codes}`), `guess ${i}`).toEqual({ status: 'invalid' })
    }
    // every refusal was kept, although each answered to its own request
    expect(await refusalsOf('user_id', cast.member.id)).toBe(COUPON.refusalsPerAccount)

    const limited = await freshRedeem(cast.member, right)
    expect(limited.status).toBe('rate_limited')
    expect(limited.retry_after_seconds).toBeGreaterThan(COUPON.accountWindowMinutes * 60 - 60)
    expect(limited.retry_after_seconds).toBeLessThanOrEqual(COUPON.accountWindowMinutes * 60)
    // the right code was not even looked at: nothing redeemed, and a limited attempt is not counted
    expect(await balance()).toBe(before)
    expect(await refusalsOf('user_id', cast.member.id)).toBe(COUPON.refusalsPerAccount)
    expect(await freshRedeem(cast.member, `GUESS-X-${codes}`)).toMatchObject({ status: 'rate_limited' })

    // another member of the team still redeems (the team's own limit is higher)
    expect(await freshRedeem(cast.owner, right)).toMatchObject({ status: 'redeemed', credits: 7, balance: before + 7 })

    // once the window has passed (the attempts moved back in time), the member may try again
    await cast.standIn.db.query(
      `update private.coupon_attempts set created_at = created_at - make_interval(mins => $1) where user_id = $2`,
      [COUPON.accountWindowMinutes, cast.member.id],
    )
    expect(await freshRedeem(cast.member, `GUESS-Y-${codes}`)).toEqual({ status: 'invalid' })
  })

  it(`still redeems a right code after ${COUPON.refusalsPerAccount - 1} wrong ones`, async () => {
    const right = await coupon({ credits: 3 })
    const before = await balance()
    for (let i = 0; i < COUPON.refusalsPerAccount - 1; i++) expect(await freshRedeem(cast.member, `NEAR-${i}-${codes}`)).toEqual({ status: 'invalid' })
    expect(await freshRedeem(cast.member, right.toLowerCase())).toEqual({ status: 'redeemed', code: right, credits: 3, balance: before + 3 })
  })

  it(`counts the team's refusals together: after ${COUPON.refusalsPerTeam} from two members, a third member is refused too`, async () => {
    const right = await coupon()
    for (const who of ['member', 'owner'] as const) {
      for (let i = 0; i < COUPON.refusalsPerTeam / 2; i++) expect(await freshRedeem(cast[who], `TEAM-${who}-${i}`)).toEqual({ status: 'invalid' })
    }
    expect(await refusalsOf('team_id', cast.teamId)).toBe(COUPON.refusalsPerTeam)
    const limited = await freshRedeem(cast.teamAdmin, right)
    expect(limited.status).toBe('rate_limited')
    expect(limited.retry_after_seconds).toBeGreaterThan(COUPON.teamWindowMinutes * 60 - 60)
    // another team is not affected
    expect(await freshRedeem(cast.outsider, right, cast.otherTeamId)).toMatchObject({ status: 'redeemed' })
  })

  it('counts every refusal even when one person sends many at once (30 wrong codes together: 10 refused, 20 rate limited)', async () => {
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => freshRedeem(cast.member, `RACE-${i}-${codes}`)))
    expect(results.filter((r) => r.status === 'invalid')).toHaveLength(COUPON.refusalsPerAccount)
    expect(results.filter((r) => r.status === 'rate_limited')).toHaveLength(30 - COUPON.refusalsPerAccount)
    expect(await refusalsOf('user_id', cast.member.id)).toBe(COUPON.refusalsPerAccount)
  })

  it('answers an unknown, malformed, inactive, expired and used-up code byte for byte alike', async () => {
    const inactive = await coupon()
    const { id } = must(await cast.siteAdmin.client.from('coupons').select('id').eq('code', inactive).single(), 'id') as { id: string }
    must(await cast.siteAdmin.client.rpc('admin_set_coupon_active', { p_coupon_id: id, p_active: false }), 'deactivate')
    const expired = await coupon()
    must(await cast.service.from('coupons').update({ expires_at: new Date(Date.now() - 1000).toISOString() }).eq('code', expired).select('id'), 'expire')
    const usedUp = await coupon({ max: 1 })
    expect(await freshRedeem(cast.outsider, usedUp, cast.otherTeamId)).toMatchObject({ status: 'redeemed' })

    const answers = new Map<string, Awaited<ReturnType<typeof raw>>>()
    for (const [what, code] of [
      ['unknown', 'NO-SUCH-CODE'],
      ['unknown, lower case', 'no-such-code'],
      ['malformed', "'; drop table coupons; --"],
      ['too long', 'X'.repeat(40)],
      ['inactive', inactive],
      ['expired', expired],
      ['used up', usedUp],
      ['expired, lower case', expired.toLowerCase()],
    ]) answers.set(what, await raw(cast.member, code))
    const unknown = answers.get('unknown')!
    expect(unknown.status).toBe(200)
    expect(JSON.parse(unknown.body)).toEqual({ status: 'invalid' })
    for (const [what, answer] of answers) expect(answer, what).toEqual(unknown)
  })

  it("tells the team only that it already redeemed a coupon (its members can read that code in the team's redemptions)", async () => {
    const code = await coupon()
    expect(await freshRedeem(cast.member, code)).toMatchObject({ status: 'redeemed' })
    expect(await freshRedeem(cast.owner, code)).toEqual({ status: 'already_redeemed' })
    const { data } = await cast.owner.client.from('coupon_redemptions').select('code').eq('team_id', cast.teamId).eq('code', code)
    expect(data).toEqual([{ code }])
  })

  it('refuses a non-member before any counting, whatever the code', async () => {
    const code = await coupon()
    const { error } = await cast.outsider.client.rpc('redeem_coupon', { p_team_id: cast.teamId, p_code: code })
    expect(error?.code).toBe('42501')
    expect(await refusalsOf('user_id', cast.outsider.id)).toBe(0)
  })
})
