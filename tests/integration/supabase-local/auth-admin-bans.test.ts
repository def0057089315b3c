import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StandIn } from '../../../supabase/local/server.ts'
import { bannedUntilFrom } from '../../../supabase/local/auth/ban.ts'
import { startFixtureStandIn } from '../../helpers/stand-in.ts'
import { clientFor, signedInClient } from '../../helpers/supabase.ts'

// GoTrue: PUT /admin/users/{id} with ban_duration sets banned_until (User.Ban) and nothing else;
// refresh (tokens/service.go) and requireAuthentication (api/auth.go) refuse a banned user.
describe('auth: bans and ending sessions through the admin API', () => {
  let standIn: StandIn
  let admin: ReturnType<typeof clientFor>
  beforeAll(async () => {
    standIn = await startFixtureStandIn()
    admin = clientFor(standIn, 'service_role')
  })
  afterAll(() => standIn?.stop())

  async function userRoute(accessToken: string) {
    const res = await fetch(`${standIn.url}/auth/v1/user`, {
      headers: { apikey: standIn.config.anonKey, Authorization: `Bearer ${accessToken}` },
    })
    return { status: res.status, code: res.headers.get('x-sb-error-code') }
  }

  it('refuses a banned user sign-in, refresh and the token they already hold; none lifts it', async () => {
    const { user, email, password, session } = await signedInClient(standIn)
    const banned = await admin.auth.admin.updateUserById(user.id, { ban_duration: '24h' })
    expect(banned.error).toBeNull()
    const until = new Date(banned.data.user!.banned_until!).getTime()
    expect(until).toBeGreaterThan(Date.now() + 23.9 * 3600_000)
    expect(until).toBeLessThan(Date.now() + 24.1 * 3600_000)

    const signIn = await clientFor(standIn).auth.signInWithPassword({ email, password })
    expect(signIn.error?.status).toBe(400)
    expect(signIn.error?.code).toBe('user_banned')
    const refresh = await clientFor(standIn).auth.refreshSession({ refresh_token: session.refresh_token })
    expect(refresh.error?.status).toBe(400)
    expect(refresh.error?.code).toBe('user_banned')
    expect(refresh.error?.message).toBe('Invalid Refresh Token: User Banned')
    expect(await userRoute(session.access_token)).toEqual({ status: 403, code: 'user_banned' })

    const lifted = await admin.auth.admin.updateUserById(user.id, { ban_duration: 'none' })
    expect(lifted.error).toBeNull()
    expect(lifted.data.user!.banned_until).toBeUndefined()
    expect((await clientFor(standIn).auth.signInWithPassword({ email, password })).error).toBeNull()
  })

  it('keeps the sessions through a ban, as GoTrue does: lifting it revives the old refresh token', async () => {
    const { user, session } = await signedInClient(standIn)
    await admin.auth.admin.updateUserById(user.id, { ban_duration: '876000h' })
    const rows = await standIn.db.query('select 1 from auth.sessions where user_id = $1', [user.id])
    expect(rows.rows).toHaveLength(1)
    await admin.auth.admin.updateUserById(user.id, { ban_duration: 'none' })
    const refresh = await clientFor(standIn).auth.refreshSession({ refresh_token: session.refresh_token })
    expect(refresh.error).toBeNull()
    expect(refresh.data.user!.id).toBe(user.id)
  })

  it('ends every session of a user with auth.admin.signOut(their jwt, global)', async () => {
    const { user, email, password, session } = await signedInClient(standIn)
    const second = await clientFor(standIn).auth.signInWithPassword({ email, password })
    const out = await admin.auth.admin.signOut(session.access_token, 'global')
    expect(out.error).toBeNull()
    const rows = await standIn.db.query('select 1 from auth.sessions where user_id = $1', [user.id])
    expect(rows.rows).toHaveLength(0)
    for (const token of [session.refresh_token, second.data.session!.refresh_token]) {
      const refresh = await clientFor(standIn).auth.refreshSession({ refresh_token: token })
      expect(refresh.error?.code).toBe('refresh_token_not_found')
    }
    expect(await userRoute(second.data.session!.access_token)).toEqual({ status: 403, code: 'session_not_found' })
  })

  it('cannot sign a banned user out with their token (GoTrue refuses it first)', async () => {
    const { user, session } = await signedInClient(standIn)
    await admin.auth.admin.updateUserById(user.id, { ban_duration: '1h' })
    const out = await admin.auth.admin.signOut(session.access_token, 'global')
    expect(out.error?.status).toBe(403)
    expect(out.error?.code).toBe('user_banned')
  })

  it('reads ban_duration as Go durations, refusing anything else', async () => {
    const now = Date.UTC(2026, 0, 1)
    expect(bannedUntilFrom('24h', now)!.getTime()).toBe(now + 24 * 3600_000)
    expect(bannedUntilFrom('1h30m', now)!.getTime()).toBe(now + 90 * 60_000)
    expect(bannedUntilFrom('1.5h', now)!.getTime()).toBe(now + 90 * 60_000)
    expect(bannedUntilFrom('876000h', now)!.getTime()).toBe(now + 876000 * 3600_000)
    expect(bannedUntilFrom('none', now)).toBeNull()
    expect(bannedUntilFrom('0', now)).toBeNull()
    expect(bannedUntilFrom('-1h', now)!.getTime()).toBe(now - 3600_000)
    for (const bad of ['', '24', 'h', '1d', 'forever', '1h ', '--1h']) {
      expect(() => bannedUntilFrom(bad, now), bad).toThrow(/invalid format for ban duration/)
    }
    const { user } = await signedInClient(standIn)
    const refused = await admin.auth.admin.updateUserById(user.id, { ban_duration: '7 days' })
    expect(refused.error?.status).toBe(400)
    expect(refused.error?.code).toBe('validation_failed')
  })
})
