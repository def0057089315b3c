import { exportJWK, generateKeyPair } from 'jose'
import { beforeAll, describe, expect, it } from 'vitest'
import { resolveConfig, type StandInConfig } from '../../../supabase/local/config.ts'
import { signJwt } from '../../../supabase/local/jwt.ts'
import { checkRealtimeToken } from '../../../supabase/local/realtime/auth.ts'

let config: StandInConfig

async function otherKey() {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true })
  return { ...(await exportJWK(privateKey)), kid: 'someone-else', alg: 'ES256' }
}
const now = () => Math.floor(Date.now() / 1000)

beforeAll(async () => {
  config = await resolveConfig({ dataDir: null, env: {}, quiet: true })
})

describe('checkRealtimeToken', () => {
  it('accepts the CLI anon key as anon and a user token with its claims', async () => {
    expect(await checkRealtimeToken(config, config.anonKey)).toMatchObject({ ok: true, role: 'anon' })
    const token = await signJwt(config, { sub: 'u1', role: 'authenticated', exp: now() + 60 })
    expect(await checkRealtimeToken(config, token)).toMatchObject({ ok: true, role: 'authenticated', exp: expect.any(Number), claims: { sub: 'u1' } })
  })

  it('maps new-format keys to their roles', async () => {
    expect(await checkRealtimeToken(config, config.publishableKey)).toMatchObject({ ok: true, role: 'anon', exp: null })
    expect(await checkRealtimeToken(config, config.secretKey)).toMatchObject({ ok: true, role: 'service_role' })
  })

  it('requires role and exp, as the realtime server does', async () => {
    const noExp = await signJwt(config, { sub: 'u1', role: 'authenticated' })
    expect(await checkRealtimeToken(config, noExp)).toEqual({ ok: false, reason: 'InvalidJWTToken: Fields `role` and `exp` are required in JWT' })
    const noRole = await signJwt(config, { sub: 'u1', exp: now() + 60 })
    expect((await checkRealtimeToken(config, noRole)).ok).toBe(false)
  })

  it('says how long ago an expired token expired', async () => {
    const expired = await signJwt(config, { role: 'authenticated', exp: now() - 30 })
    const r = await checkRealtimeToken(config, expired)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.reason).toMatch(/^InvalidJWTToken: Token has expired (30|31|32) seconds ago$/)
  })

  it('refuses tokens signed with another secret and garbage', async () => {
    // another project's HS256 secret, and (the project signs sessions with its ES256 key) another key pair
    const forged = await signJwt({ ...config, jwtSecret: 'another-secret-that-is-at-least-32-chars!', signingKeys: [] }, { role: 'service_role', exp: now() + 60 })
    const other = await resolveConfig({ dataDir: null, env: {}, quiet: true, configFile: null, signingKeys: [await otherKey()] })
    expect((await checkRealtimeToken(config, await signJwt(other, { role: 'service_role', exp: now() + 60 }))).ok).toBe(false)
    expect((await checkRealtimeToken(config, forged)).ok).toBe(false)
    expect((await checkRealtimeToken(config, 'not-a-jwt')).ok).toBe(false)
  })
})
