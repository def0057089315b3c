import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assembleCast, must, type Cast } from './cast.ts'

// The shared counter behind the auth limits (lib/auth/rate-limit.ts): all or nothing under
// concurrency, a "retry after" in seconds, and only the app server (service key) may use it.
describe('rate_limit_hit()', () => {
  let cast: Cast
  beforeAll(async () => {
    cast = await assembleCast()
  })
  afterAll(() => cast?.standIn.stop())

  const hit = (bucket: string, max = 5, window = 300, record = true) =>
    cast.service.rpc('rate_limit_hit', { p_bucket: bucket, p_max: max, p_window_seconds: window, p_record: record })

  it('allows exactly max attempts out of 20 concurrent ones, then answers the seconds to wait', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => hit('signIn:203.0.113.1')))
    const waits = results.map((r) => must(r, 'hit') as number)
    expect(waits.filter((w) => w === 0)).toHaveLength(5)
    for (const w of waits.filter((w) => w > 0)) expect(w).toBeGreaterThan(290)
    // refused attempts were not counted: the count stays at the limit
    const rows = await cast.standIn.db.query<{ count: number }>(
      "select count(*)::int as count from private.rate_limit_hits where bucket = 'signIn:203.0.113.1'",
    )
    expect(rows.rows[0].count).toBe(5)
  })

  it('checks without counting when asked, and forgets a bucket when cleared', async () => {
    for (let i = 0; i < 3; i++) expect(must(await hit('fail:a@example.test', 3, 60, false), 'peek')).toBe(0)
    for (let i = 0; i < 3; i++) expect(must(await hit('fail:a@example.test', 3, 60), 'count')).toBe(0)
    expect(must(await hit('fail:a@example.test', 3, 60, false), 'peek over')).toBeGreaterThan(0)
    expect((await cast.service.rpc('rate_limit_clear', { p_bucket: 'fail:a@example.test' })).error).toBeNull()
    expect(must(await hit('fail:a@example.test', 3, 60, false), 'peek after clear')).toBe(0)
  })

  it('lets attempts in again once the window has passed', async () => {
    expect(must(await hit('short:x', 1, 1), 'first')).toBe(0)
    expect(must(await hit('short:x', 1, 1), 'second')).toBe(1)
    await new Promise((r) => setTimeout(r, 1100))
    expect(must(await hit('short:x', 1, 1), 'after the window')).toBe(0)
  })

  it('refuses signed-in users and visitors, and nonsense arguments', async () => {
    for (const client of [cast.visitor, cast.owner.client, cast.siteAdmin.client]) {
      const { error } = await client.rpc('rate_limit_hit', { p_bucket: 'x', p_max: 1, p_window_seconds: 1 })
      expect(error?.code).toBe('42501')
      expect((await client.rpc('rate_limit_clear', { p_bucket: 'x' })).error?.code).toBe('42501')
    }
    expect((await hit('', 1, 1)).error?.code).toBe('22023')
    expect((await hit('x', 0, 1)).error?.code).toBe('22023')
    expect((await hit('x', 1, 999_999)).error?.code).toBe('22023')
    expect((await hit('x'.repeat(301), 1, 1)).error?.code).toBe('22023')
  })
})
