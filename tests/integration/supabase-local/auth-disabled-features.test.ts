import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StandIn } from '../../../supabase/local/server.ts'
import { startFixtureStandIn } from '../../helpers/stand-in.ts'
import { clientFor, signedInClient } from '../../helpers/supabase.ts'

// What GoTrue answers for the features a CLI project has off (no SAML, no manual linking, no web3 or
// id_token providers, no phone provider, no OAuth server), word for word from its source
// (internal/api/middleware.go, web3.go, token_oidc.go, verify.go), through the official client.

describe('features the project has off', () => {
  let standIn: StandIn
  beforeAll(async () => {
    standIn = await startFixtureStandIn()
  })
  afterAll(() => standIn?.stop())

  const post = (path: string, body: unknown, key = standIn.config.anonKey) =>
    fetch(`${standIn.url}/auth/v1${path}`, { method: 'POST', headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) })

  it('SSO: 404 saml_provider_disabled', async () => {
    const { data, error } = await clientFor(standIn).auth.signInWithSSO({ domain: 'example.com' })
    expect(data).toBeNull()
    expect(error).toMatchObject({ status: 404, code: 'saml_provider_disabled', message: 'SAML 2.0 is disabled' })
  })

  it('identity linking: signed in, then 404 manual_linking_disabled; signed out, a session is asked for first', async () => {
    const { client } = await signedInClient(standIn)
    const { error } = await client.auth.linkIdentity({ provider: 'google', options: { skipBrowserRedirect: true } })
    expect(error).toMatchObject({ status: 404, code: 'manual_linking_disabled', message: 'Manual linking is disabled' })
    const anonymous = await fetch(`${standIn.url}/auth/v1/user/identities/authorize?provider=google`, { headers: { apikey: standIn.config.anonKey } })
    expect(anonymous.status).toBe(401)
  })

  it('id_token: the OAuth checks, then the provider is not enabled (named by its issuer)', async () => {
    const google = await clientFor(standIn).auth.signInWithIdToken({ provider: 'google', token: 'x.y.z' })
    expect(google.error).toMatchObject({ status: 400, code: 'provider_disabled', message: 'Provider (issuer "https://accounts.google.com") is not enabled' })
    const custom = await post('/token?grant_type=id_token', { id_token: 'x.y.z', provider: 'custom:acme' })
    expect(await custom.json()).toMatchObject({ code: 400, error_code: 'validation_failed', msg: 'Custom OAuth providers are disabled' })
    const missing = await post('/token?grant_type=id_token', { provider: 'google' })
    expect(missing.status).toBe(400)
    expect(await missing.json()).toEqual({ error: 'invalid_request', error_description: 'id_token required' })
    const neither = await post('/token?grant_type=id_token', { id_token: 'x.y.z' })
    expect(await neither.json()).toEqual({ error: 'invalid_request', error_description: 'provider or client_id and issuer required' })
  })

  it('web3: 422 web3_provider_disabled', async () => {
    const response = await post('/token?grant_type=web3', { chain: 'ethereum', message: 'm', signature: 's' })
    expect(response.status).toBe(422)
    expect(await response.json()).toMatchObject({ error_code: 'web3_provider_disabled', msg: 'Web3 provider is disabled' })
  })

  it('phone codes: checked like GoTrue, then no account has that phone (403 otp_expired)', async () => {
    for (const type of ['sms', 'phone_change'] as const) {
      const { error } = await clientFor(standIn).auth.verifyOtp({ phone: '+1 555 0100', token: '123456', type })
      expect(error, type).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' })
    }
    const badPhone = await clientFor(standIn).auth.verifyOtp({ phone: 'not a phone', token: '123456', type: 'sms' })
    expect(badPhone.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Invalid phone number format (E.164 required)' })
    // GoTrue drops only a leading "+" and spaces (formatPhoneNumber): other characters are not stripped
    const suffixed = await clientFor(standIn).auth.verifyOtp({ phone: '+15550100-invalid', token: '123456', type: 'sms' })
    expect(suffixed.error).toMatchObject({ status: 400, message: 'Invalid phone number format (E.164 required)' })
    const both = await post('/verify', { type: 'sms', phone: '+15550100', token: '1', token_hash: 'h' })
    expect(await both.json()).toMatchObject({ error_code: 'validation_failed', msg: 'Verify requires either a token or a token hash' })
  })

  it('the OAuth server: 404 feature_disabled, for administrators after their key is checked', async () => {
    const service = standIn.config.serviceRoleKey
    const admin = await fetch(`${standIn.url}/auth/v1/admin/oauth/clients`, { headers: { apikey: service, authorization: `Bearer ${service}` } })
    expect(admin.status).toBe(404)
    expect(await admin.json()).toMatchObject({ error_code: 'feature_disabled', msg: 'OAuth server is disabled' })
    const notAdmin = await fetch(`${standIn.url}/auth/v1/admin/oauth/clients`, { headers: { apikey: standIn.config.anonKey } })
    expect(notAdmin.status).toBe(401)
    for (const path of ['/.well-known/oauth-authorization-server', '/oauth/userinfo']) {
      const response = await fetch(`${standIn.url}/auth/v1${path}`, { headers: { apikey: standIn.config.anonKey } })
      expect(response.status, path).toBe(404)
      expect(await response.json(), path).toMatchObject({ error_code: 'feature_disabled' })
    }
  })
})
