import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StandIn } from '../../../supabase/local/server.ts'
import { startFixtureStandIn } from '../../helpers/stand-in.ts'
import { SoftwareAuthenticator } from '../../helpers/software-authenticator.ts'
import { clientFor, uniqueEmail } from '../../helpers/supabase.ts'

// WebAuthn MFA factors and passkeys through supabase-js (auth.mfa, auth.passkey, auth.admin.passkey),
// driven by a software authenticator, against GoTrue's behaviour (internal/api/mfa.go,
// internal/api/passkey_*.go): create/request ceremonies, aal2 with webauthn in the amr, passkey
// sign-in by user handle, single-use challenges, the refusals and what is off by default.

const RP_ID = 'localhost'
const ORIGIN = 'http://localhost:5173'
const PASSWORD = 'correct-horse-9'
const WEBAUTHN = { mfaEnroll: true, mfaVerify: true, passkeys: true, rpId: RP_ID, rpOrigins: [ORIGIN], rpDisplayName: 'Listing Studio tests' }

const b64u = (b: ArrayBuffer | Uint8Array) => Buffer.from(b instanceof Uint8Array ? b : new Uint8Array(b)).toString('base64url')
/** what the browser's PublicKeyCredential is to auth-js: an object whose toJSON is the wire form */
const asCredential = <T extends object>(json: T) => ({ ...json, toJSON: () => json }) as never

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>
}

describe('WebAuthn factors and passkeys', () => {
  let standIn: StandIn
  beforeAll(async () => {
    standIn = await startFixtureStandIn({ auth: { webauthn: WEBAUTHN } })
  })
  afterAll(() => standIn?.stop())

  const passkeyClient = () => clientFor(standIn, 'anon', { auth: { experimental: { passkey: true } } })

  async function newUser(): Promise<{ client: SupabaseClient; id: string }> {
    const client = passkeyClient()
    const { data, error } = await client.auth.signUp({ email: uniqueEmail('webauthn'), password: PASSWORD })
    if (error) throw error
    return { client, id: data.user!.id }
  }

  it('enrols a WebAuthn factor, verifies the create ceremony, then steps up with a request ceremony: aal2, webauthn in amr', async () => {
    const { client } = await newUser()
    const authenticator = new SoftwareAuthenticator(RP_ID, ORIGIN)
    const enrolled = await client.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'Key' })
    expect(enrolled.error).toBeNull()
    expect(enrolled.data).toMatchObject({ type: 'webauthn', friendly_name: 'Key' })
    const factorId = enrolled.data!.id

    const created = await client.auth.mfa.challenge({ factorId, webauthn: { rpId: RP_ID, rpOrigins: [ORIGIN] } })
    expect(created.error).toBeNull()
    const createData = created.data as { id: string; webauthn: { type: string; credential_options: { publicKey: { challenge: ArrayBuffer; user: { id: ArrayBuffer }; rp: { id: string } } } } }
    expect(createData.webauthn.type).toBe('create')
    const pk = createData.webauthn.credential_options.publicKey
    expect(pk.rp.id).toBe(RP_ID)
    const attestation = authenticator.create({ challenge: b64u(pk.challenge), user: { id: b64u(pk.user.id) } })
    const verified = await client.auth.mfa.verify({
      factorId,
      challengeId: createData.id,
      webauthn: { type: 'create', rpId: RP_ID, rpOrigins: [ORIGIN], credential_response: asCredential(attestation) },
    })
    expect(verified.error).toBeNull()
    const claims = claimsOf(verified.data!.access_token)
    expect(claims.aal).toBe('aal2')
    expect(claims.amr).toEqual(expect.arrayContaining([expect.objectContaining({ method: 'webauthn' })]))
    expect((await client.auth.mfa.listFactors()).data?.all.map((f) => [f.factor_type, f.status])).toEqual([['webauthn', 'verified']])

    // a new sign-in is aal1 and steps up with the registered key
    const again = clientFor(standIn)
    const email = (await client.auth.getUser()).data.user!.email!
    await again.auth.signInWithPassword({ email, password: PASSWORD })
    const request = await again.auth.mfa.challenge({ factorId, webauthn: { rpId: RP_ID, rpOrigins: [ORIGIN] } })
    const requestData = request.data as { id: string; webauthn: { type: string; credential_options: { publicKey: { challenge: ArrayBuffer; allowCredentials: { id: ArrayBuffer }[] } } } }
    expect(requestData.webauthn.type).toBe('request')
    expect(requestData.webauthn.credential_options.publicKey.allowCredentials.map((c) => b64u(c.id))).toEqual([authenticator.id])
    const assertion = authenticator.get({ challenge: b64u(requestData.webauthn.credential_options.publicKey.challenge) })
    const steppedUp = await again.auth.mfa.verify({
      factorId,
      challengeId: requestData.id,
      webauthn: { type: 'request', rpId: RP_ID, rpOrigins: [ORIGIN], credential_response: asCredential(assertion) },
    })
    expect(steppedUp.error).toBeNull()
    expect(claimsOf(steppedUp.data!.access_token).aal).toBe('aal2')
  })

  it('registers a passkey, signs in with it (two-step, discoverable), refuses a replayed challenge and an unknown key', async () => {
    const { client, id } = await newUser()
    const authenticator = new SoftwareAuthenticator(RP_ID, ORIGIN)
    const options = await client.auth.passkey.startRegistration()
    expect(options.error).toBeNull()
    expect(options.data!.options).toMatchObject({ rp: { id: RP_ID }, authenticatorSelection: { residentKey: 'required' } })
    expect(Buffer.from(options.data!.options.user.id, 'base64url').toString()).toBe(id)
    const registered = await client.auth.passkey.verifyRegistration({ challengeId: options.data!.challenge_id, credential: authenticator.create(options.data!.options) })
    expect(registered.error).toBeNull()
    expect((await client.auth.passkey.list()).data?.map((p) => p.id)).toEqual([registered.data!.id])

    const signIn = passkeyClient()
    const login = await signIn.auth.passkey.startAuthentication()
    expect(login.data!.options.allowCredentials ?? []).toEqual([])
    const assertion = authenticator.get(login.data!.options)
    const session = await signIn.auth.passkey.verifyAuthentication({ challengeId: login.data!.challenge_id, credential: assertion })
    expect(session.error).toBeNull()
    expect(session.data!.user!.id).toBe(id)
    expect(claimsOf(session.data!.session!.access_token).amr).toEqual([expect.objectContaining({ method: 'passkey' })])
    const replay = await signIn.auth.passkey.verifyAuthentication({ challengeId: login.data!.challenge_id, credential: assertion })
    expect(replay.error).toMatchObject({ status: 400, code: 'webauthn_challenge_not_found', message: 'Challenge not found or already used' })

    const stranger = new SoftwareAuthenticator(RP_ID, ORIGIN)
    stranger.create((await client.auth.passkey.startRegistration()).data!.options)
    const login2 = await signIn.auth.passkey.startAuthentication()
    const refused = await signIn.auth.passkey.verifyAuthentication({ challengeId: login2.data!.challenge_id, credential: stranger.get(login2.data!.options) })
    expect(refused.error).toMatchObject({ status: 400, code: 'webauthn_verification_failed' })
    // another site's origin in the client data is refused as well
    const login3 = await signIn.auth.passkey.startAuthentication()
    const phished = await signIn.auth.passkey.verifyAuthentication({ challengeId: login3.data!.challenge_id, credential: authenticator.get(login3.data!.options, 'https://evil.example') })
    expect(phished.error).toMatchObject({ code: 'webauthn_verification_failed' })
  })

  it('renames, lists for the admin, deletes; unknown ids are 404', async () => {
    const { client, id } = await newUser()
    const authenticator = new SoftwareAuthenticator(RP_ID, ORIGIN)
    const options = await client.auth.passkey.startRegistration()
    const { data } = await client.auth.passkey.verifyRegistration({ challengeId: options.data!.challenge_id, credential: authenticator.create(options.data!.options) })
    const renamed = await client.auth.passkey.update({ passkeyId: data!.id, friendlyName: 'Laptop' })
    expect(renamed.data).toMatchObject({ id: data!.id, friendly_name: 'Laptop' })
    const missing = await client.auth.passkey.update({ passkeyId: '00000000-0000-0000-0000-000000000000', friendlyName: 'x' })
    expect(missing.error).toMatchObject({ status: 404 })

    const admin = clientFor(standIn, 'service_role', { auth: { experimental: { passkey: true } } })
    expect((await admin.auth.admin.passkey.listPasskeys({ userId: id })).data?.map((p) => p.id)).toEqual([data!.id])
    expect((await admin.auth.admin.passkey.deletePasskey({ userId: id, passkeyId: data!.id })).error).toBeNull()
    expect((await client.auth.passkey.list()).data).toEqual([])
  })

  it('off by default, as the CLI has it: passkeys 404 passkey_disabled, WebAuthn enrolment 422', async () => {
    const plain = await startFixtureStandIn()
    try {
      const client = clientFor(plain, 'anon', { auth: { experimental: { passkey: true } } })
      await client.auth.signUp({ email: uniqueEmail('webauthn-off'), password: PASSWORD })
      expect((await client.auth.passkey.startAuthentication()).error).toMatchObject({ status: 404, code: 'passkey_disabled', message: 'Passkeys are disabled' })
      expect((await client.auth.mfa.enroll({ factorType: 'webauthn' })).error).toMatchObject({ status: 422, code: 'mfa_webauthn_enroll_not_enabled' })
    } finally {
      await plain.stop()
    }
  })
})
