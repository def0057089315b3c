import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolveConfig } from '../../../supabase/local/config.ts'
import { startTestStandIn } from '../../../supabase/local/testing.ts'
import type { StandIn } from '../../../supabase/local/server.ts'
import { AUTH_LIMITS } from '../../../lib/auth/rate-limit.ts'
import type { Db } from '../../../lib/listings/refusal.ts'
import { startTrial, TRIAL_BUSY, type StartRequest } from '../../../lib/trials/start.ts'
import { beginTrialProject } from '../../../lib/trials/steps.ts'
import { prepareTrialPhoto } from '../../../lib/trials/photos.ts'
import { clientFor } from '../../helpers/supabase.ts'
import { assembleCast, MIGRATIONS_DIR, must, type Cast } from '../app/cast.ts'

// Issue 24 item 6: an anonymous account made straight through the auth API (which allows far more
// sign-ins per address than the app's 5 trial starts an hour) gains nothing: trial projects and
// trial photos need the admission only the app's start path records (service key, after its
// per-address limit; the auth server checked the CAPTCHA when it is on), and admissions are capped
// per hour for everyone together in SQL. The auth server's own anonymous limit, which sees the app
// server's single address, is raised above that cap, so app-made trials do not lock everyone out.

const photo = readFileSync(path.resolve('public/remotion/samples/living-room.jpg'))
const CONFIG_TOML = path.resolve('supabase/config.toml')

describe('a trial needs the app’s admission', () => {
  let cast: Cast
  beforeAll(async () => {
    cast = await assembleCast()
    process.env.NEXT_PUBLIC_SUPABASE_URL = cast.standIn.url
  })
  afterAll(async () => {
    await cast?.standIn.stop()
  })

  const request = (over: Partial<StartRequest> = {}): StartRequest => ({ supabase: clientFor(cast.standIn), user: null, address: null, captcha: null, ...over })
  /** an anonymous session made straight against the auth API, as an attacker would */
  const direct = async () => {
    const client = clientFor(cast.standIn)
    const { user } = must(await client.auth.signInAnonymously(), 'anonymous sign-in')
    return { client, user: user!, db: client as unknown as Db }
  }

  it('refuses an anonymous session made straight through the auth API everything a trial gives', async () => {
    const { client, user, db } = await direct()
    // no project through REST, whatever the body
    for (const body of [{}, { title: 'Mine' }, { owner_id: user.id }] as Record<string, string>[]) {
      const { error } = await client.from('trial_projects').insert(body).select('id')
      expect(error?.message ?? '', JSON.stringify(body)).toMatch(/row-level security|permission denied/)
    }
    expect(must(await cast.service.from('trial_projects').select('id').eq('owner_id', user.id), 'projects')).toEqual([])
    // nor through the app's own step (it runs as the session)
    await expect(beginTrialProject(db, user.id, {})).rejects.toThrow()
    // no files in their trial folder, directly or through a signed upload
    const file = `trials/${user.id}/photos/${crypto.randomUUID()}/front.jpg`
    expect((await client.storage.from('media').upload(file, photo, { contentType: 'image/jpeg' })).error).not.toBeNull()
    expect((await client.storage.from('media').createSignedUploadUrl(file)).error).not.toBeNull()
    expect((await client.storage.from('media').upload(file, photo, { contentType: 'image/jpeg', upsert: true })).error).not.toBeNull()
    expect((await cast.service.storage.from('media').download(file)).error).not.toBeNull()
    // no way to admit themselves: the table is not writable and the function is the server's
    expect((await client.from('trial_admissions').insert({ user_id: user.id })).error).not.toBeNull()
    expect((await client.rpc('admit_trial_visitor', { p_user_id: user.id })).error).not.toBeNull()
    expect((await cast.visitor.rpc('admit_trial_visitor', { p_user_id: user.id })).error).not.toBeNull()
    expect(must(await client.from('trial_admissions').select('user_id'), 'admissions')).toEqual([])
    // nor a signed-up account through the function (only anonymous accounts are admitted) …
    const signedUp = await cast.service.rpc('admit_trial_visitor', { p_user_id: cast.member.id })
    expect(signedUp.error?.message).toBe('Only a trial (anonymous) account can be admitted to the trial.')
    // … so a signed-up account cannot make trial projects through REST either
    expect((await cast.member.client.from('trial_projects').insert({}).select('id')).error).not.toBeNull()
    // and the render function has nothing to render
    expect((await client.rpc('queue_trial_render', { p_project_id: crypto.randomUUID(), p_total_frames: 300 })).error?.message).toBe('That trial project no longer exists.')
  })

  it('starts a trial through the app: signed in, admitted, a project and photo uploads allowed', async () => {
    const req = request()
    expect(await startTrial({ fresh: false }, req)).toEqual({ next: '/try/property' })
    const { data } = await req.supabase.auth.getUser()
    const db = req.supabase as unknown as Db
    expect(must(await req.supabase.from('trial_admissions').select('user_id'), 'own admission')).toEqual([{ user_id: data.user!.id }])
    const { projectId } = await beginTrialProject(db, data.user!.id, {})
    const prepared = await prepareTrialPhoto(db, data.user!.id, { projectId, name: 'front.jpg', bytes: photo.length, mime: 'image/jpeg' })
    expect((await req.supabase.storage.from('media').uploadToSignedUrl(prepared.path, prepared.token, photo, { contentType: 'image/jpeg' })).error).toBeNull()
    // another visitor cannot read who was admitted
    const other = await direct()
    expect(must(await other.client.from('trial_admissions').select('user_id'), 'others')).toEqual([])
  })

  it('counts a session made elsewhere against the per-address limit before admitting it', async () => {
    const address = '203.0.113.77'
    for (let i = 0; i < AUTH_LIMITS.trialStartsPerAddress.max; i++) await startTrial({ fresh: false }, request({ address }))
    // the address's starts are used up: a session made straight through the auth API gets no trial here either
    const made = await direct()
    await expect(startTrial({ fresh: false }, request({ supabase: made.client, user: made.user, address }))).rejects.toThrow(
      /^Too many trials were started from your network in the last hour\./,
    )
    expect(must(await cast.service.from('trial_projects').select('id').eq('owner_id', made.user.id), 'none')).toEqual([])
    // from an address with starts left it is admitted like a new visitor, once
    const other = await direct()
    expect(await startTrial({ fresh: false }, request({ supabase: other.client, user: other.user, address: '203.0.113.78' }))).toEqual({ next: '/try/property' })
    expect(must(await cast.service.from('trial_projects').select('id').eq('owner_id', other.user.id), 'one')).toHaveLength(1)
    // carrying on does not count again
    for (let i = 0; i < AUTH_LIMITS.trialStartsPerAddress.max + 1; i++) {
      await startTrial({ fresh: false }, request({ supabase: other.client, user: other.user, address: '203.0.113.78' }))
    }
  })

  it('caps admissions per hour for everyone together; at the cap the app says so and nothing is made', async () => {
    const used = Number((await cast.standIn.db.query<{ n: number }>(`select count(*)::int as n from public.trial_admissions where admitted_at > now() - interval '1 hour'`)).rows[0].n)
    await cast.standIn.db.query(`update private.trial_limits set admissions_per_hour = $1`, [used + 2])
    try {
      for (let i = 0; i < 2; i++) await startTrial({ fresh: false }, request({ address: `198.51.100.${i + 1}` }))
      const refused = request({ address: '198.51.100.9' })
      await expect(startTrial({ fresh: false }, refused)).rejects.toThrow(TRIAL_BUSY)
      const { data } = await refused.supabase.auth.getUser()
      expect(must(await cast.service.from('trial_projects').select('id').eq('owner_id', data.user!.id), 'none')).toEqual([])
      // the same check at the function, and an already-admitted visitor is not refused
      const late = await direct()
      expect((await cast.service.rpc('admit_trial_visitor', { p_user_id: late.user.id })).error?.message).toBe(TRIAL_BUSY)
      // 0 closes the trial
      await cast.standIn.db.query(`update private.trial_limits set admissions_per_hour = 0`)
      expect((await cast.service.rpc('admit_trial_visitor', { p_user_id: late.user.id })).error?.message).toBe(TRIAL_BUSY)
    } finally {
      await cast.standIn.db.query(`update private.trial_limits set admissions_per_hour = 500`)
    }
    // and once there is room again the refused visitor carries on with the session they have
    const again = await direct()
    expect((await cast.service.rpc('admit_trial_visitor', { p_user_id: again.user.id })).data).toBe(true)
    expect((await cast.service.rpc('admit_trial_visitor', { p_user_id: again.user.id })).data).toBe(false)
  })
})

describe('the documented trial limits', () => {
  let standIn: StandIn
  beforeAll(async () => {
    // the project's own config.toml, as `npm run dev` and the Supabase CLI read it
    standIn = await startTestStandIn({ migrationsDir: MIGRATIONS_DIR, seedFile: null, configFile: CONFIG_TOML })
    process.env.NEXT_PUBLIC_SUPABASE_URL = standIn.url
  })
  afterAll(async () => {
    await standIn?.stop()
  })

  it('are 5 starts an hour per address in the app, 500 admissions an hour in all, 1,000 anonymous sign-ins an hour at the auth server', async () => {
    expect(AUTH_LIMITS.trialStartsPerAddress).toEqual({ max: 5, windowSeconds: 3600 })
    const cap = (await standIn.db.query<{ n: number }>(`select admissions_per_hour as n from private.trial_limits`)).rows
    expect(cap).toEqual([{ n: 500 }])
    const config = await resolveConfig({ configFile: CONFIG_TOML, env: {} })
    expect(config.auth.rateLimits.anonymousUsers).toBe(1000)
    expect(standIn.config.auth.rateLimits.anonymousUsers).toBe(1000)
  })

  it('lets more than 30 visitors an hour start a trial through the app, whose calls all come from one address at the auth server', { timeout: 120_000 }, async () => {
    for (let i = 0; i < 35; i++) {
      const req: StartRequest = { supabase: clientFor(standIn), user: null, address: `192.0.2.${i + 1}`, captcha: null }
      expect(await startTrial({ fresh: false }, req), `start ${i + 1}`).toEqual({ next: '/try/property' })
    }
    const admitted = (await standIn.db.query<{ n: number }>(`select count(*)::int as n from public.trial_admissions`)).rows[0].n
    expect(admitted).toBe(35)
  })
})
