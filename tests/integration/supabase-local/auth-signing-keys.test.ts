import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolveConfig } from '../../../supabase/local/config.ts'
import type { StandIn } from '../../../supabase/local/server.ts'
import { startFixtureStandIn } from '../../helpers/stand-in.ts'
import { clientFor, uniqueEmail } from '../../helpers/supabase.ts'

// Asymmetric signing keys (`[auth] signing_keys_path`, the platform's default): sessions signed by
// the key (kid in the header), the JWKS serving its public half, getClaims verifying locally, and
// the legacy HS256 keys still accepted everywhere.

async function privateJwk(alg: 'RS256' | 'ES256'): Promise<JWK> {
  const { privateKey } = await generateKeyPair(alg, { extractable: true })
  return { ...(await exportJWK(privateKey)), kid: randomUUID(), alg, key_ops: ['sign', 'verify'] }
}

function header(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString()) as Record<string, unknown>
}

describe('asymmetric signing keys', () => {
  let standIn: StandIn
  let rsa: JWK
  let ec: JWK
  beforeAll(async () => {
    rsa = await privateJwk('RS256')
    ec = await privateJwk('ES256')
    // the second key only verifies (its public half): tokens it signed elsewhere are still good
    const { d: _d, ...ecPublic } = ec
    standIn = await startFixtureStandIn({ signingKeys: [rsa, { ...ecPublic, key_ops: ['verify'] }] })
  })
  afterAll(() => standIn?.stop())

  it('signs sessions with the first key and serves only public halves at the JWKS endpoint', async () => {
    const { data, error } = await clientFor(standIn).auth.signUp({ email: uniqueEmail('rs'), password: 'correct-horse-9' })
    expect(error).toBeNull()
    expect(header(data.session!.access_token)).toMatchObject({ alg: 'RS256', kid: rsa.kid, typ: 'JWT' })
    const jwks = (await (await fetch(`${standIn.url}/auth/v1/.well-known/jwks.json`)).json()) as { keys: JWK[] }
    expect(jwks.keys.map((k) => [k.kid, k.alg, k.key_ops])).toEqual([
      [rsa.kid, 'RS256', ['verify']],
      [ec.kid, 'ES256', ['verify']],
    ])
    for (const key of jwks.keys) for (const secret of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(key, secret).not.toHaveProperty(secret)
  })

  it('lets getClaims verify a session without asking the server', async () => {
    let userCalls = 0
    const counting: typeof fetch = (input, init) => {
      if (String(input instanceof Request ? input.url : input).includes('/auth/v1/user')) userCalls += 1
      return fetch(input, init)
    }
    const client = clientFor(standIn, 'anon', { global: { fetch: counting } })
    const email = uniqueEmail('claims')
    const { data: signed } = await client.auth.signUp({ email, password: 'correct-horse-9' })
    const { data, error } = await client.auth.getClaims()
    expect(error).toBeNull()
    expect(data?.claims).toMatchObject({ sub: signed.user!.id, email, role: 'authenticated', aal: 'aal1' })
    expect(data?.header).toMatchObject({ alg: 'RS256', kid: rsa.kid })
    expect(userCalls).toBe(0)
  })

  it('accepts the session on REST and Storage, the legacy HS256 keys too, and a token of the verify-only key', async () => {
    const { data } = await clientFor(standIn).auth.signUp({ email: uniqueEmail('rest'), password: 'correct-horse-9' })
    const asUser = clientFor(standIn, data.session!.access_token)
    const who = await asUser.rpc('whoami')
    expect(who.error).toBeNull()
    expect(who.data).toMatchObject({ role: 'authenticated' })
    expect((await asUser.storage.listBuckets()).error).toBeNull()
    // anon and service_role are HS256 with the project secret, as on the platform
    expect((await clientFor(standIn, 'service_role').rpc('whoami')).data).toMatchObject({ role: 'service_role' })
    const { importJWK } = await import('jose')
    const signedByEc = await new SignJWT({ role: 'authenticated', sub: data.user!.id, aud: 'authenticated' })
      .setProtectedHeader({ alg: 'ES256', kid: ec.kid!, typ: 'JWT' })
      .setExpirationTime('5m')
      .sign(await importJWK({ ...ec, key_ops: undefined }, 'ES256'))
    expect((await clientFor(standIn, signedByEc).rpc('whoami')).data).toMatchObject({ role: 'authenticated' })
  })

  it('refuses a token of an unknown key, or one naming a known kid with another algorithm', async () => {
    const stranger = await privateJwk('RS256')
    const { importJWK } = await import('jose')
    const forged = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'RS256', kid: stranger.kid!, typ: 'JWT' })
      .setExpirationTime('5m')
      .sign(await importJWK({ ...stranger, key_ops: undefined }, 'RS256'))
    const unknown = await clientFor(standIn, forged).rpc('whoami')
    expect(unknown.status).toBe(401)
    const swapped = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'RS256', kid: ec.kid!, typ: 'JWT' })
      .setExpirationTime('5m')
      .sign(await importJWK({ ...stranger, key_ops: undefined }, 'RS256'))
    expect((await clientFor(standIn, swapped).rpc('whoami')).status).toBe(401)
  })

  it('reads the keys from config.toml, relative to the supabase/ folder, and refuses unusable ones', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'signing-keys-'))
    mkdirSync(path.join(dir, 'supabase'))
    writeFileSync(path.join(dir, 'supabase', 'signing_keys.json'), JSON.stringify([rsa]))
    writeFileSync(path.join(dir, 'supabase', 'config.toml'), '[auth]\nsigning_keys_path = "./signing_keys.json"\n')
    const config = await resolveConfig({ configFile: path.join(dir, 'supabase', 'config.toml'), env: {} })
    expect(config.signingKeys.map((k) => [k.kid, k.alg, Boolean(k.privateKey)])).toEqual([[rsa.kid, 'RS256', true]])
    writeFileSync(path.join(dir, 'supabase', 'config.toml'), '[auth]\nsigning_keys_path = "./missing.json"\n')
    await expect(resolveConfig({ configFile: path.join(dir, 'supabase', 'config.toml'), env: {} })).rejects.toThrow(/no file at/)
    await expect(resolveConfig({ configFile: null, env: {}, signingKeys: [{ kty: 'oct', k: 'c2VjcmV0', kid: 'x' }] })).rejects.toThrow(/symmetric/)
    await expect(resolveConfig({ configFile: null, env: {}, signingKeys: [{ ...rsa, kid: undefined }] })).rejects.toThrow(/no kid/)
  })
})
