import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStandIn } from '../../../supabase/local/testing.ts'
import type { StandIn } from '../../../supabase/local/server.ts'
import { CAPTCHA_MISSING } from '../../../lib/captcha/config.ts'
import type { Db } from '../../../lib/listings/refusal.ts'
import { SIGNED_IN, startTrial, type StartRequest } from '../../../lib/trials/start.ts'
import { latestTrialProject } from '../../../lib/trials/steps.ts'
import { clientFor } from '../../helpers/supabase.ts'
import { assembleCast, MIGRATIONS_DIR, must, type Cast } from '../app/cast.ts'

// Issue 13: /try/intro's "Start my trial" (lib/trials/start.ts) against the stand-in with the real
// clients and the real per-address counter: an anonymous session and a project for a new visitor,
// the step to carry on at, five starts an hour per address, the CAPTCHA's token required when one
// is configured, and no trial for a signed-in account.

describe('starting a trial', () => {
  let cast: Cast
  beforeAll(async () => {
    cast = await assembleCast()
    // the app's server-side clients (the limiter's service client) talk to this stand-in
    process.env.NEXT_PUBLIC_SUPABASE_URL = cast.standIn.url
  })
  afterAll(async () => {
    await cast?.standIn.stop()
  })

  const request = async (over: Partial<StartRequest> = {}): Promise<StartRequest> => ({
    supabase: clientFor(cast.standIn),
    user: null,
    address: null,
    captcha: null,
    ...over,
  })

  it('signs a new visitor in anonymously and creates their project; they carry on at the same step', async () => {
    const req = await request()
    expect(await startTrial({ fresh: false }, req)).toEqual({ next: '/try/property' })
    const { data } = await req.supabase.auth.getUser()
    expect(data.user?.is_anonymous).toBe(true)
    const project = await latestTrialProject(req.supabase as unknown as Db)
    expect(project?.owner_id).toBe(data.user!.id)

    // the same session again: no new sign-in, the same project
    const again = await startTrial({ fresh: false }, { ...req, user: data.user })
    expect(again.next).toBe('/try/property')
    const { count } = await req.supabase.from('trial_projects').select('id', { count: 'exact', head: true })
    expect(count).toBe(1)
    // "start over" makes a second project
    await startTrial({ fresh: true }, { ...req, user: data.user })
    const after = await req.supabase.from('trial_projects').select('id', { count: 'exact', head: true })
    expect(after.count).toBe(2)
    expect((await req.supabase.auth.getUser()).data.user?.id).toBe(data.user!.id)
  })

  it('allows five new trials an hour from one address, then says how long to wait; another address is not affected', async () => {
    for (let i = 0; i < 5; i++) await startTrial({ fresh: false }, await request({ address: '203.0.113.40' }))
    const refused = await request({ address: '203.0.113.40' })
    await expect(startTrial({ fresh: false }, refused)).rejects.toThrow(
      /^Too many trials were started from your network in the last hour\. Try again in \d+ minutes?\. Or sign up to make videos now\.$/,
    )
    // refused before any account was made
    expect((await refused.supabase.auth.getSession()).data.session).toBeNull()
    await expect(startTrial({ fresh: false }, await request({ address: '203.0.113.41' }))).resolves.toEqual({ next: '/try/property' })
  })

  it('asks for the CAPTCHA when one is configured, before making an account', async () => {
    const req = await request({ captcha: { provider: 'turnstile', siteKey: '1x00000000000000000000AA' } })
    await expect(startTrial({ fresh: false }, req)).rejects.toThrow(CAPTCHA_MISSING)
    expect((await req.supabase.auth.getSession()).data.session).toBeNull()
  })

  it('sends a signed-in account to the dashboard instead', async () => {
    const { data } = await cast.owner.client.auth.getUser()
    await expect(startTrial({ fresh: false }, await request({ supabase: cast.owner.client, user: data.user }))).rejects.toThrow(SIGNED_IN)
    const own = must(await cast.service.from('trial_projects').select('id').eq('owner_id', cast.owner.id), 'projects')
    expect(own).toHaveLength(0)
  })
})

describe('starting a trial with CAPTCHA protection on', () => {
  // the auth server verifies the widget's token with the provider (here a local fake of Turnstile's siteverify)
  const tokens: string[] = []
  const provider = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c))
    req.on('end', () => {
      const token = new URLSearchParams(body).get('response') ?? ''
      tokens.push(token)
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify(token === 'good-token' ? { success: true } : { success: false, 'error-codes': ['invalid-input-response'] }))
    })
  })
  let standIn: StandIn
  beforeAll(async () => {
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve))
    const verifyUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/siteverify`
    standIn = await startTestStandIn({
      migrationsDir: MIGRATIONS_DIR,
      seedFile: null,
      auth: { captcha: { enabled: true, provider: 'turnstile', secret: 'test-secret', verifyUrl } },
    })
    process.env.NEXT_PUBLIC_SUPABASE_URL = standIn.url
  })
  afterAll(async () => {
    await standIn?.stop()
    provider.closeAllConnections()
    await new Promise<void>((resolve) => provider.close(() => resolve()))
  })

  const request = (): StartRequest => ({
    supabase: clientFor(standIn),
    user: null,
    address: null,
    captcha: { provider: 'turnstile', siteKey: '1x00000000000000000000AA' },
  })

  it('passes the widget token to the auth server, which lets a good one in and refuses a bad one with a message', async () => {
    const bad = request()
    await expect(startTrial({ fresh: false, captchaToken: 'forged' }, bad)).rejects.toThrow(
      'The check that you are a person did not pass. Complete it again, then retry.',
    )
    expect((await bad.supabase.auth.getSession()).data.session).toBeNull()
    const good = request()
    await expect(startTrial({ fresh: false, captchaToken: 'good-token' }, good)).resolves.toEqual({ next: '/try/property' })
    expect((await good.supabase.auth.getUser()).data.user?.is_anonymous).toBe(true)
    expect(tokens).toEqual(['forged', 'good-token'])
  })
})
