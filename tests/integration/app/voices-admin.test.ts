import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { VOICES } from '../../../lib/constants.ts'
import { Refusal } from '../../../lib/listings/refusal.ts'
import { listActiveVoices, listVoicesForAdmin } from '../../../lib/voices/queries.ts'
import { finalizeSample, prepareSample, removeSample } from '../../../lib/voices/samples.ts'
import { createVoice, deleteVoice, moveVoice } from '../../../lib/voices/writes.ts'
import { db, png } from '../listings/fixtures.ts'
import { insertListing, insertVideo, wav } from '../videos/fixtures.ts'
import { assembleCast, behind, must, type Cast, type Person } from './cast.ts'

// Issue 14, the voice catalogue: site administrators change voices only through the audited
// functions (refused to everyone else, recorded with who and what); teams see active voices only
// (RLS); samples live in the public voices bucket under samples/{voice id}/, checked by content.
describe('voices: admin functions, visibility and samples', () => {
  let cast: Cast
  let n = 0
  const audits = (action: string) =>
    behind<{ actor_id: string; target_user_id: string | null; details: Record<string, unknown> }>(cast, 'admin_audit_log', { action })
  const uniqueId = () => `voice-${++n}-${crypto.randomUUID().slice(0, 8)}`
  const create = async (name: string, extra: Record<string, unknown> = {}) =>
    (await createVoice(db(cast.siteAdmin), { name, language: 'en-GB', gender: 'female', provider: 'local', providerVoiceId: uniqueId(), ...extra })).id

  beforeAll(async () => {
    cast = await assembleCast()
  })
  afterAll(() => cast?.standIn.stop())

  describe('who may change the catalogue', () => {
    let voiceId: string
    beforeAll(async () => {
      voiceId = await create('Guarded')
    })

    const calls = (id: () => string): [string, (c: SupabaseClient) => PromiseLike<{ error: { code?: string; message: string } | null }>][] => [
      ['admin_create_voice', (c) => c.rpc('admin_create_voice', { p_name: 'Sneaky', p_language: 'en', p_gender: 'male', p_provider: 'local', p_provider_voice_id: 'sneaky' })],
      ['admin_update_voice', (c) => c.rpc('admin_update_voice', { p_voice_id: id(), p_name: 'Renamed', p_language: 'en', p_gender: 'male', p_provider: 'local', p_provider_voice_id: 'x' })],
      ['admin_set_voice_active', (c) => c.rpc('admin_set_voice_active', { p_voice_id: id(), p_is_active: false })],
      ['admin_move_voice', (c) => c.rpc('admin_move_voice', { p_voice_id: id(), p_direction: 'up' })],
      ['admin_set_voice_sample', (c) => c.rpc('admin_set_voice_sample', { p_voice_id: id(), p_sample_path: null })],
      ['admin_delete_voice', (c) => c.rpc('admin_delete_voice', { p_voice_id: id() })],
      ['admin_voice_usage', (c) => c.rpc('admin_voice_usage')],
    ]

    it.each(calls(() => voiceId))('refuses %s to a visitor, a member, a team admin, an owner and an outsider', async (_name, call) => {
      const before = await behind(cast, 'admin_audit_log', {})
      const people: [string, SupabaseClient][] = [
        ['visitor', cast.visitor], ['member', cast.member.client], ['team admin', cast.teamAdmin.client],
        ['owner', cast.owner.client], ['outsider', cast.outsider.client],
      ]
      for (const [who, client] of people) {
        const { error } = await call(client)
        expect(error?.code, who).toBe('42501')
      }
      expect(await behind(cast, 'voices', { id: voiceId })).toMatchObject([{ name: 'Guarded', is_active: true }])
      expect(await behind(cast, 'voices', { name: 'Sneaky' })).toEqual([])
      expect(await behind(cast, 'admin_audit_log', {})).toHaveLength(before.length)
    })
  })

  describe('what an administrator does, and its record', () => {
    it('creates a voice last in the order, recorded as voice.create by the administrator', async () => {
      const id = await create('Ingrid', { language: 'sv-SE', providerVoiceId: 'ingrid-1' })
      const [row] = await behind<{ sort_order: number; is_active: boolean }>(cast, 'voices', { id })
      const all = await behind<{ sort_order: number }>(cast, 'voices', {})
      expect(row.sort_order).toBe(Math.max(...all.map((v) => v.sort_order)))
      expect(row.is_active).toBe(true)
      const [entry] = (await audits('voice.create')).filter((a) => a.details.voice_id === id)
      expect(entry).toMatchObject({ actor_id: cast.siteAdmin.id, details: { name: 'Ingrid', language: 'sv-SE', provider_voice_id: 'ingrid-1' } })
    })

    it('records an edit with what changed, before and after', async () => {
      const id = await create('Before')
      const voice = (await behind<{ language: string; provider_voice_id: string }>(cast, 'voices', { id }))[0]
      must(await cast.siteAdmin.client.rpc('admin_update_voice', {
        p_voice_id: id, p_name: '  After  ', p_language: voice.language, p_gender: 'neutral', p_provider: 'local', p_provider_voice_id: voice.provider_voice_id,
      }).then((r) => ({ ...r, data: true })), 'update')
      expect(await behind(cast, 'voices', { id })).toMatchObject([{ name: 'After', gender: 'neutral' }])
      const [entry] = (await audits('voice.update')).filter((a) => a.details.voice_id === id)
      expect(entry.details.changes).toEqual({ name: ['Before', 'After'], gender: ['female', 'neutral'] })
    })

    it('refuses a bad field or a provider voice already in the catalogue with a sentence, and records nothing', async () => {
      const before = (await audits('voice.create')).length
      await expect(create('Bad tag', { language: 'English' })).rejects.toThrow('BCP-47')
      const { error } = await cast.siteAdmin.client.rpc('admin_create_voice', {
        p_name: 'Bad', p_language: 'English', p_gender: 'female', p_provider: 'local', p_provider_voice_id: 'bad',
      })
      expect(error?.message).toBe('Give the language as a BCP-47 tag such as en-US or pt-BR')
      await create('Twin one', { providerVoiceId: 'twin' })
      await expect(create('Twin two', { providerVoiceId: 'twin' })).rejects.toThrow('The catalogue already has local voice “twin”')
      expect((await audits('voice.create')).length).toBe(before + 1)
    })

    it('deactivates and activates, each recorded; a deactivated voice is hidden from teams and visitors by RLS', async () => {
      const id = await create('Retiring')
      must(await cast.siteAdmin.client.rpc('admin_set_voice_active', { p_voice_id: id, p_is_active: false }).then((r) => ({ ...r, data: true })), 'off')
      for (const client of [cast.visitor, cast.member.client, cast.owner.client, cast.outsider.client]) {
        expect((await client.from('voices').select('id').eq('id', id)).data).toEqual([])
      }
      expect((await cast.siteAdmin.client.from('voices').select('id').eq('id', id)).data).toEqual([{ id }])
      expect((await listActiveVoices(db(cast.member))).map((v) => v.id)).not.toContain(id)
      expect((await listActiveVoices(db(cast.siteAdmin))).map((v) => v.id)).not.toContain(id)
      must(await cast.siteAdmin.client.rpc('admin_set_voice_active', { p_voice_id: id, p_is_active: true }).then((r) => ({ ...r, data: true })), 'on')
      expect((await listActiveVoices(db(cast.member))).map((v) => v.id)).toContain(id)
      expect((await audits('voice.deactivate')).filter((a) => a.details.voice_id === id)).toHaveLength(1)
      expect((await audits('voice.activate')).filter((a) => a.details.voice_id === id)).toHaveLength(1)
    })

    it('moves a voice up and down the order teams see, and says when it cannot go further', async () => {
      const a = await create('Order A')
      const b = await create('Order B')
      const order = async () => (await listActiveVoices(db(cast.member))).map((v) => v.id).filter((id) => id === a || id === b)
      expect(await order()).toEqual([a, b])
      await moveVoice(db(cast.siteAdmin), { id: b, direction: 'up' })
      expect(await order()).toEqual([b, a])
      await moveVoice(db(cast.siteAdmin), { id: b, direction: 'down' })
      expect(await order()).toEqual([a, b])
      await expect(moveVoice(db(cast.siteAdmin), { id: b, direction: 'down' })).rejects.toThrow('Order B is already last')
      expect((await audits('voice.move')).filter((x) => x.details.voice_id === b).map((x) => x.details.direction)).toEqual(['up', 'down'])
    })

    it('deletes an unused voice and its sample, recorded; refuses one a video uses and says by what', async () => {
      const listingId = await insertListing(cast.member, cast.teamId)
      const used = await create('In use')
      await insertVideo(cast.member, cast.teamId, listingId, { voice_id: used })
      const usage = (await listVoicesForAdmin(db(cast.siteAdmin))).find((v) => v.id === used)
      expect(usage).toMatchObject({ videos: 1, trials: 0 })
      const refused = await deleteVoice(db(cast.siteAdmin), { id: used }).catch((e) => e)
      expect(refused).toBeInstanceOf(Refusal)
      expect(refused.message).toBe('In use is used by 1 video; deactivate it instead, so teams no longer see it and those keep working')
      expect(await behind(cast, 'voices', { id: used })).toHaveLength(1)

      const unused = await create('Unused')
      const path = await uploadSample(cast.siteAdmin, unused, wav(1), 'unused.wav')
      await deleteVoice(db(cast.siteAdmin), { id: unused })
      expect(await behind(cast, 'voices', { id: unused })).toEqual([])
      expect(await sampleStored(path)).toBe(false)
      expect((await audits('voice.delete')).map((a) => a.details.voice_id)).toEqual([unused])
    })
  })

  async function uploadSample(person: Person, voiceId: string, body: Buffer, name: string, mime = 'audio/wav'): Promise<string> {
    const prepared = await prepareSample(db(person), { voiceId, name, bytes: body.length, mime })
    must(await person.client.storage.from(VOICES.bucket).uploadToSignedUrl(prepared.path, prepared.token, body, { contentType: prepared.contentType }), `put ${name}`)
    return (await finalizeSample(db(person), { voiceId, path: prepared.path, name })).path
  }

  async function sampleStored(path: string): Promise<boolean> {
    const slash = path.lastIndexOf('/')
    const { data } = await cast.service.storage.from(VOICES.bucket).list(path.slice(0, slash), { limit: 100 })
    return (data ?? []).some((f) => f.name === path.slice(slash + 1))
  }

  describe('samples', () => {
    it('stores an uploaded WAV as the sample (audited), playable by anyone from its public URL; a new one replaces the old file', async () => {
      const id = await create('Sampled')
      const first = await uploadSample(cast.siteAdmin, id, wav(1), 'First take.wav', '')
      expect(first).toMatch(new RegExp(`^samples/${id}/[0-9a-f-]{36}/First-take\\.wav$`))
      const [voice] = await listActiveVoices(db(cast.member)).then((all) => all.filter((v) => v.id === id))
      expect(voice.sampleUrl).toContain(`/storage/v1/object/public/voices/${first}`)
      const played = await fetch(voice.sampleUrl!)
      expect(played.status).toBe(200)
      expect(played.headers.get('content-type')).toBe('audio/wav')

      const second = await uploadSample(cast.siteAdmin, id, wav(2), 'second.wav')
      expect(await behind(cast, 'voices', { id })).toMatchObject([{ sample_path: second }])
      expect(await sampleStored(first)).toBe(false)
      expect((await audits('voice.sample_set')).filter((a) => a.details.voice_id === id).map((a) => a.details.replaced)).toEqual([null, first])

      await removeSample(db(cast.siteAdmin), { id })
      expect(await behind(cast, 'voices', { id })).toMatchObject([{ sample_path: null }])
      expect(await sampleStored(second)).toBe(false)
      expect((await audits('voice.sample_remove')).filter((a) => a.details.voice_id === id)).toHaveLength(1)
    })

    it('refuses a file that is not audio whatever its name and label, and deletes the upload', async () => {
      const id = await create('Picky')
      const prepared = await prepareSample(db(cast.siteAdmin), { voiceId: id, name: 'sample.wav', bytes: 100, mime: 'audio/wav' })
      const image = await png()
      must(await cast.siteAdmin.client.storage.from(VOICES.bucket).uploadToSignedUrl(prepared.path, prepared.token, image, { contentType: 'audio/wav' }), 'put')
      const refused = await finalizeSample(db(cast.siteAdmin), { voiceId: id, path: prepared.path, name: 'sample.wav' }).catch((e) => e)
      expect(refused.message).toBe('sample.wav is not an MP3, WAV, M4A, AAC or Ogg audio file (it is a PNG file).')
      expect(await sampleStored(prepared.path)).toBe(false)
      expect(await behind(cast, 'voices', { id })).toMatchObject([{ sample_path: null }])
    })

    it('refuses a sample over the size limit before any byte is sent', async () => {
      const id = await create('Big')
      const refused = await prepareSample(db(cast.siteAdmin), { voiceId: id, name: 'long.wav', bytes: VOICES.sampleMaxBytes + 1, mime: 'audio/wav' }).catch((e) => e)
      expect(refused.fieldErrors.bytes).toBe('long.wav is 5.0 MB; a sample can be up to 5 MB.')
    })

    it("keeps samples inside the voice's own folder: another voice's upload, paths outside samples/ and missing files are refused", async () => {
      const mine = await create('Mine')
      const theirs = await create('Theirs')
      const path = await uploadSample(cast.siteAdmin, theirs, wav(1), 'theirs.wav')
      await expect(finalizeSample(db(cast.siteAdmin), { voiceId: mine, path })).rejects.toThrow('That upload does not belong to this voice')
      for (const bad of [path, `samples/${mine}/../${theirs}/x.wav`, `elsewhere/${mine}/x.wav`, `samples/${mine}//x.wav`]) {
        const { error } = await cast.siteAdmin.client.rpc('admin_set_voice_sample', { p_voice_id: mine, p_sample_path: bad })
        expect(error?.message, bad).toBe(`A sample must be stored under samples/${mine}/`)
      }
      const { error } = await cast.siteAdmin.client.rpc('admin_set_voice_sample', { p_voice_id: mine, p_sample_path: `samples/${mine}/nothing-here.wav` })
      expect(error?.message).toBe('That sample file is not stored. Upload it again.')
    })

    it('lets only site administrators write the voices bucket, and only under samples/', async () => {
      for (const person of [cast.member, cast.owner, cast.outsider]) {
        const { error } = await person.client.storage.from(VOICES.bucket).upload(`samples/${crypto.randomUUID()}/x.wav`, wav(1), { contentType: 'audio/wav' })
        expect(error, person.email).not.toBeNull()
        await expect(prepareSample(db(person), { voiceId: crypto.randomUUID(), name: 'x.wav', bytes: 10, mime: 'audio/wav' })).rejects.toThrow()
      }
      const { error: anonError } = await cast.visitor.storage.from(VOICES.bucket).upload('samples/x/y.wav', wav(1), { contentType: 'audio/wav' })
      expect(anonError).not.toBeNull()
      const outside = await cast.siteAdmin.client.storage.from(VOICES.bucket).upload(`elsewhere/${crypto.randomUUID()}.wav`, wav(1), { contentType: 'audio/wav' })
      expect(outside.error).not.toBeNull()
      const inside = await cast.siteAdmin.client.storage.from(VOICES.bucket).upload(`samples/${crypto.randomUUID()}/ok.wav`, wav(1), { contentType: 'audio/wav' })
      expect(inside.error).toBeNull()
      const image = await cast.siteAdmin.client.storage.from(VOICES.bucket).upload(`samples/${crypto.randomUUID()}/x.png`, await png(), { contentType: 'image/png' })
      expect(image.error).not.toBeNull()
    })
  })
})
