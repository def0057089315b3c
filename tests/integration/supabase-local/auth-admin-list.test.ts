import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StandIn } from '../../../supabase/local/server.ts'
import { startFixtureStandIn } from '../../helpers/stand-in.ts'
import { clientFor, uniqueEmail } from '../../helpers/supabase.ts'

// GoTrue's adminUsers in offset mode (internal/api/admin.go, pagination.go) and auth-js' listUsers,
// which reads nextPage, lastPage and total from the X-Total-Count and Link headers.
describe('auth: GET /admin/users', () => {
  let standIn: StandIn
  let admin: ReturnType<typeof clientFor>
  const tag = `listed${Date.now().toString(36)}`
  const made: string[] = []

  async function raw(query: string) {
    const res = await fetch(`${standIn.url}/auth/v1/admin/users${query}`, {
      headers: { apikey: standIn.config.serviceRoleKey, Authorization: `Bearer ${standIn.config.serviceRoleKey}` },
    })
    return { res, body: res.ok ? ((await res.json()) as { users: { id: string; email: string }[] }) : await res.json() }
  }

  beforeAll(async () => {
    standIn = await startFixtureStandIn()
    admin = clientFor(standIn, 'service_role')
    // 23 users whose names carry the tag, so filter= pages through exactly these
    for (let i = 0; i < 23; i++) {
      const { data, error } = await admin.auth.admin.createUser({
        email: uniqueEmail(`page${i}`),
        email_confirm: true,
        user_metadata: { full_name: `${tag} Person ${i}` },
      })
      if (error) throw error
      made.push(data.user!.id)
    }
  })
  afterAll(() => standIn?.stop())

  it('gives supabase-js the page, the next page, the last page and the total', async () => {
    const first = await admin.auth.admin.listUsers({ page: 1, perPage: 2 })
    expect(first.error).toBeNull()
    if (!('total' in first.data)) throw new Error('no pagination in the answer')
    expect(first.data.users).toHaveLength(2)
    expect(first.data.total).toBeGreaterThanOrEqual(23)
    expect(first.data.nextPage).toBe(2)
    const second = await admin.auth.admin.listUsers({ page: 2, perPage: 2 })
    expect(second.data.users).toHaveLength(2)
    expect(second.data.users.map((u) => u.id)).not.toContain(first.data.users[0].id)

    // on a single-digit last page every number auth-js reads is right
    const wide = await admin.auth.admin.listUsers({ page: 1, perPage: Math.ceil(first.data.total / 5) })
    if (!('total' in wide.data)) throw new Error('no pagination in the answer')
    expect(wide.data.lastPage).toBe(5)
    expect(wide.data.nextPage).toBe(2)
    expect(wide.data.total).toBe(first.data.total)
    const last = await admin.auth.admin.listUsers({ page: 5, perPage: Math.ceil(first.data.total / 5) })
    if (!('total' in last.data)) throw new Error('no pagination in the answer')
    expect(last.data.nextPage).toBeNull()
    expect(last.data.lastPage).toBe(5)
  })

  it('walks every page once, newest first, without overlaps', async () => {
    const seen: string[] = []
    for (let page = 1; ; page++) {
      const { body, res } = await raw(`?filter=${tag}&per_page=5&page=${page}`)
      expect(res.headers.get('x-total-count')).toBe('23')
      seen.push(...body.users.map((u: { id: string }) => u.id))
      if (!res.headers.get('link')!.includes('rel="next"')) break
    }
    expect(seen).toEqual([...made].reverse())
  })

  it('builds Link from the request as GoTrue does: sorted keys, per_page only when sent', async () => {
    const filtered = await raw(`?per_page=5&filter=${tag}`)
    expect(filtered.res.headers.get('link')).toBe(
      `</admin/users?filter=${tag}&page=2&per_page=5>; rel="next", </admin/users?filter=${tag}&page=5&per_page=5>; rel="last"`,
    )
    // multi-digit pages are written in full (auth-js itself keeps only the first digit, see docs/supabase-local.md)
    const deep = await raw(`?filter=${tag}&per_page=2&page=10`)
    expect(deep.res.headers.get('link')).toBe(
      `</admin/users?filter=${tag}&page=11&per_page=2>; rel="next", </admin/users?filter=${tag}&page=12&per_page=2>; rel="last"`,
    )
    const bare = await raw(`?filter=${tag}`)
    expect(bare.res.headers.get('link')).toBe(`</admin/users?filter=${tag}&page=1>; rel="last"`)
    const none = await raw('?filter=nobody-has-this-name')
    expect(none.res.headers.get('x-total-count')).toBe('0')
    expect(none.res.headers.get('link')).toBe('</admin/users?filter=nobody-has-this-name&page=0>; rel="last"')
    expect(none.body.users).toEqual([])
  })

  it('sorts by created_at ascending on request and refuses other sorts and bad numbers', async () => {
    const oldest = await raw(`?filter=${tag}&sort=${encodeURIComponent('created_at asc')}&per_page=3`)
    expect(oldest.body.users.map((u: { id: string }) => u.id)).toEqual(made.slice(0, 3))
    const byEmail = await raw('?sort=email')
    expect(byEmail.res.status).toBe(400)
    expect(byEmail.body.error_code).toBe('validation_failed')
    expect(byEmail.body.msg).toMatch(/^Bad Sort Parameters/)
    const badPage = await raw('?page=two')
    expect(badPage.res.status).toBe(400)
    expect(badPage.body.msg).toMatch(/^Bad Pagination Parameters/)
  })
})
