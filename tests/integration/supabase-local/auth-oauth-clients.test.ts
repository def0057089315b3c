import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StandIn } from '../../../supabase/local/server.ts'
import { startFixtureStandIn } from '../../helpers/stand-in.ts'
import { clientFor } from '../../helpers/supabase.ts'

// The OAuth 2.1 server's admin client API through supabase-js's auth.admin.oauth, with
// `[auth.oauth_server] enabled = true`, against GoTrue (internal/api/oauthserver/handlers.go,
// service.go): register, get, list, partial update, regenerate the secret, delete; its validation
// messages; and the 404 feature_disabled when the server is off (the CLI's default).

describe('OAuth server: admin client API', () => {
  let standIn: StandIn
  beforeAll(async () => {
    standIn = await startFixtureStandIn({ auth: { oauthServer: true } })
  })
  afterAll(() => standIn?.stop())

  const admin = () => clientFor(standIn, 'service_role').auth.admin.oauth

  it('registers a confidential client (secret shown once), gets, lists, updates in part, regenerates the secret, deletes', async () => {
    const created = await admin().createClient({ client_name: 'Partner app', redirect_uris: ['https://partner.example/callback', 'http://localhost:3000/cb'] })
    expect(created.error).toBeNull()
    expect(created.data).toMatchObject({
      client_type: 'confidential',
      token_endpoint_auth_method: 'client_secret_basic',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      registration_type: 'manual',
      client_name: 'Partner app',
      redirect_uris: ['https://partner.example/callback', 'http://localhost:3000/cb'],
    })
    const { client_id: id, client_secret: secret } = created.data!
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/)

    const got = await admin().getClient(id)
    expect(got.data).toMatchObject({ client_id: id, client_name: 'Partner app' })
    expect(got.data).not.toHaveProperty('client_secret')
    expect((await admin().listClients()).data?.clients.map((c) => c.client_id)).toContain(id)

    const updated = await admin().updateClient(id, { logo_uri: 'https://partner.example/logo.png' })
    expect(updated.data).toMatchObject({ client_name: 'Partner app', logo_uri: 'https://partner.example/logo.png' })
    const regenerated = await admin().regenerateClientSecret(id)
    expect(regenerated.data?.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(regenerated.data?.client_secret).not.toBe(secret)

    expect((await admin().deleteClient(id)).error).toBeNull()
    expect((await admin().getClient(id)).error).toMatchObject({ status: 404, code: 'oauth_client_not_found', message: 'OAuth client not found' })
  })

  it('refuses what GoTrue refuses, with its messages', async () => {
    expect((await admin().createClient({ client_name: 'x', redirect_uris: [] })).error).toMatchObject({ status: 400, code: 'validation_failed', message: 'redirect_uris is required' })
    expect((await admin().createClient({ client_name: 'x', redirect_uris: ['http://partner.example/cb'] })).error?.message).toBe(
      "invalid redirect_uri 'http://partner.example/cb': HTTP scheme only allowed for localhost",
    )
    const pub = await admin().createClient({ client_name: 'SPA', redirect_uris: ['https://spa.example/cb'], token_endpoint_auth_method: 'none' })
    expect(pub.data).toMatchObject({ client_type: 'public', token_endpoint_auth_method: 'none' })
    expect(pub.data).not.toHaveProperty('client_secret')
    expect((await admin().regenerateClientSecret(pub.data!.client_id)).error?.message).toBe('Cannot regenerate secret for public client')
    expect((await admin().updateClient(pub.data!.client_id, {})).error?.message).toBe('No fields provided for update')
    expect((await admin().getClient('not-a-uuid')).error).toMatchObject({ status: 400, message: 'invalid client_id format' })
    // not for anyone but the administrator
    const anon = clientFor(standIn).auth.admin.oauth
    expect((await anon.listClients()).error).toMatchObject({ status: 403 })
  })

  it('answers 404 feature_disabled when the OAuth server is off', async () => {
    const off = await startFixtureStandIn()
    try {
      const { error } = await clientFor(off, 'service_role').auth.admin.oauth.listClients()
      expect(error).toMatchObject({ status: 404, code: 'feature_disabled', message: 'OAuth server is disabled' })
    } finally {
      await off.stop()
    }
  })
})
