import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Json } from '../../../lib/database.types.ts'
import { CLIMBS_ONCE_DECODED } from '../../helpers/hostile-paths.ts'
import { listen, settle, until } from '../../helpers/realtime.ts'
import { assembleCast, behind, insertListing, insertVideo, insertVoice, minimalProps, must, type Cast } from './fixtures.ts'

// videos: any member of the team reads and writes; site admins read; members of another team and
// visitors neither read nor write. voices: everyone reads the active ones, site admins manage them.
// The database repeats the props' shape, the team folder of media refs and the value lists.
describe('videos and voices policies', () => {
  let cast: Cast
  let listingId: string
  let otherListingId: string
  let videoId: string
  beforeAll(async () => {
    cast = await assembleCast()
    listingId = await insertListing(cast.member, cast.teamId, 'Harbour flat')
    otherListingId = await insertListing(cast.outsider, cast.otherTeamId, 'Outsider house')
    videoId = (await insertVideo(cast.member, cast.teamId, listingId, { title: 'Harbour tour' })).id
  })
  afterAll(() => cast?.standIn.stop())

  describe('videos: read', () => {
    it('refuses a visitor without a session', async () => {
      const { data, error } = await cast.visitor.from('videos').select('id')
      expect(error?.code).toBe('42501')
      expect(data).toBeNull()
    })

    it.each(['owner', 'teamAdmin', 'member'] as const)('shows the team’s videos to its %s', async (who) => {
      const { data, error } = await cast[who].client.from('videos').select('id, title').eq('id', videoId)
      expect(error).toBeNull()
      expect(data).toEqual([{ id: videoId, title: 'Harbour tour' }])
    })

    it('hides them from a member of another team, even when asked by id or team', async () => {
      expect((await cast.outsider.client.from('videos').select('id').eq('id', videoId)).data).toEqual([])
      expect((await cast.outsider.client.from('videos').select('id').eq('team_id', cast.teamId)).data).toEqual([])
    })

    it('shows them to a site administrator', async () => {
      expect((await cast.siteAdmin.client.from('videos').select('id').eq('id', videoId)).data).toEqual([{ id: videoId }])
    })
  })

  describe('videos: insert', () => {
    it('lets a member add a video with the defaults filled in', async () => {
      const row = await insertVideo(cast.member, cast.teamId, listingId, { title: 'Defaults' })
      expect(row).toMatchObject({
        status: 'draft', fps: 30, version: 1, is_shared: false, showcase: 'none', voice_id: null,
        created_by: cast.member.id, updated_by: cast.member.id, output_path: null,
      })
      expect(row.share_id).toMatch(/^[A-Za-z0-9_-]{16}$/)
    })

    it('gives every video its own unguessable share id', async () => {
      const rows = await Promise.all(Array.from({ length: 5 }, () => insertVideo(cast.owner, cast.teamId, listingId)))
      expect(new Set(rows.map((r) => r.share_id)).size).toBe(5)
    })

    it('refuses a video for another team from its outsider, a site admin or a visitor', async () => {
      for (const client of [cast.outsider.client, cast.siteAdmin.client, cast.visitor]) {
        const { error } = await client.from('videos').insert({
          team_id: cast.teamId, listing_id: listingId, title: 'Sneaky video', template: 'classic-tour', format: 'landscape',
          props: minimalProps(cast.teamId) as unknown as Json,
        })
        expect(error?.code).toBe('42501')
      }
      expect(await behind(cast, 'videos', { title: 'Sneaky video' })).toEqual([])
    })

    it("refuses a video of our team on another team's listing", async () => {
      const { error } = await cast.member.client.from('videos').insert({
        team_id: cast.teamId, listing_id: otherListingId, title: 'Cross-team', template: 'classic-tour', format: 'landscape',
        props: minimalProps(cast.teamId) as unknown as Json,
      })
      expect(error?.code).toBe('23503')
    })

    it('refuses setting what only the server sets: status, share id, version, output', async () => {
      for (const extra of [{ status: 'ready' }, { share_id: 'aaaaaaaaaaaaaaaa' }, { version: 7 }, { output_path: `${cast.teamId}/x.mp4` }, { is_shared: true }, { showcase: 'approved' }]) {
        const { error } = await cast.member.client.from('videos').insert({
          team_id: cast.teamId, listing_id: listingId, title: 'Forged', template: 'classic-tour', format: 'landscape',
          props: minimalProps(cast.teamId) as unknown as Json, ...extra,
        })
        expect(error?.code, JSON.stringify(extra)).toBe('42501')
      }
    })
  })

  describe('videos: update and delete', () => {
    it('lets a member change what the editor edits', async () => {
      const { data, error } = await cast.teamAdmin.client.from('videos').update({ title: 'Harbour tour (v2)', format: 'portrait' }).eq('id', videoId).select('title, format')
      expect(error).toBeNull()
      expect(data).toEqual([{ title: 'Harbour tour (v2)', format: 'portrait' }])
    })

    it('changes nothing for a member of another team or a site administrator', async () => {
      for (const person of [cast.outsider, cast.siteAdmin]) {
        expect((await person.client.from('videos').update({ title: 'Taken over' }).eq('id', videoId).select('id')).data).toEqual([])
        expect((await person.client.from('videos').delete().eq('id', videoId).select('id')).data).toEqual([])
      }
      const [row] = await behind<{ title: string }>(cast, 'videos', { id: videoId })
      expect(row.title).toBe('Harbour tour (v2)')
    })

    it('never lets a member change the status, version, share id, output, team or author', async () => {
      for (const change of [
        { status: 'ready' }, { version: 99 }, { share_id: 'bbbbbbbbbbbbbbbb' }, { is_shared: true }, { showcase: 'approved' },
        { output_path: `${cast.teamId}/out.mp4` }, { team_id: cast.otherTeamId }, { listing_id: otherListingId }, { created_by: cast.owner.id },
      ]) {
        const { error } = await cast.member.client.from('videos').update(change).eq('id', videoId)
        expect(error?.code, JSON.stringify(change)).toBe('42501')
      }
    })

    it('bumps the version and records the editor on each content change, not on a status change', async () => {
      const [before] = await behind<{ version: number; updated_at: string }>(cast, 'videos', { id: videoId })
      const edited = must(await cast.owner.client.from('videos').update({ title: 'Harbour tour (v3)' }).eq('id', videoId).select('version, updated_by').single(), 'edit') as { version: number; updated_by: string }
      expect(edited).toEqual({ version: before.version + 1, updated_by: cast.owner.id })
      // the same values again: nothing changed, no new version
      const same = must(await cast.member.client.from('videos').update({ title: 'Harbour tour (v3)' }).eq('id', videoId).select('version, updated_by').single(), 'same') as { version: number; updated_by: string }
      expect(same).toEqual({ version: before.version + 1, updated_by: cast.owner.id })
      // the renderer (service key) moves the status: updated_at moves, the version does not
      const rendered = must(await cast.service.from('videos').update({ status: 'rendering' }).eq('id', videoId).select('version, status, updated_at, updated_by').single(), 'status') as { version: number; status: string; updated_at: string; updated_by: string }
      expect(rendered).toMatchObject({ version: before.version + 1, status: 'rendering', updated_by: cast.owner.id })
      expect(Date.parse(rendered.updated_at)).toBeGreaterThanOrEqual(Date.parse(before.updated_at))
    })

    it('lets a member delete a video, and a listing takes its videos with it', async () => {
      const doomed = await insertVideo(cast.member, cast.teamId, listingId, { title: 'Doomed' })
      expect((await cast.member.client.from('videos').delete().eq('id', doomed.id).select('id')).data).toEqual([{ id: doomed.id }])
      const other = await insertListing(cast.member, cast.teamId, 'Short-lived')
      const orphan = await insertVideo(cast.member, cast.teamId, other)
      must(await cast.member.client.from('listings').delete().eq('id', other).select('id'), 'delete listing')
      expect(await behind(cast, 'videos', { id: orphan.id })).toEqual([])
    })
  })

  describe('the database repeats the props and value rules when the app is bypassed', () => {
    const insert = (values: Record<string, unknown>) =>
      cast.member.client.from('videos').insert({
        team_id: cast.teamId, listing_id: listingId, title: 'Direct', template: 'classic-tour', format: 'landscape',
        props: minimalProps(cast.teamId) as unknown as Json, ...values,
      })
    const scene = (i: number) => ({ id: `s${i}`, src: `media:${cast.teamId}/listings/x/u/${i}.jpg` })

    it.each([
      ['props that are an array', 'videos_props_check', () => ({ props: [] })],
      ['props that are a string', 'videos_props_check', () => ({ props: 'hello' })],
      ['props without a listing', 'videos_props_check', () => ({ props: { scenes: [scene(1)] } })],
      ['a listing that is not an object', 'videos_props_check', () => ({ props: { listing: 'flat', scenes: [scene(1)] } })],
      ['no scenes', 'videos_props_check', () => ({ props: { listing: {}, scenes: [] } })],
      ['scenes that are not a list', 'videos_props_check', () => ({ props: { listing: {}, scenes: { a: 1 } } })],
      ['41 scenes', 'videos_props_check', () => ({ props: { listing: {}, scenes: Array.from({ length: 41 }, (_, i) => scene(i)) } })],
      ['256 kB of props', 'videos_props_check', () => ({ props: { listing: { blob: 'x'.repeat(262_144) }, scenes: [scene(1)] } })],
      ['a photo of another team', 'videos_media_refs_check', () => ({ props: minimalProps(cast.otherTeamId) })],
      ['a photo climbing out of the team folder', 'videos_media_refs_check', () => ({ props: { listing: {}, scenes: [{ id: 'a', src: `media:${cast.teamId}/../${cast.otherTeamId}/x.jpg` }] } })],
      ['music of another team', 'videos_media_refs_check', () => ({ props: minimalProps(cast.teamId, { music: { src: `media:${cast.otherTeamId}/audio/a.mp3`, volume: 0.5 } }) })],
      ['an agent logo of another team', 'videos_media_refs_check', () => ({ props: minimalProps(cast.teamId, { agent: { fullName: 'A', logoSrc: `media:${cast.otherTeamId}/logo.png` } }) })],
      // issue 11: references hidden in arrays, nested objects or unknown keys are checked too
      ['a reference of another team inside an array', 'videos_media_refs_check', () => ({ props: minimalProps(cast.teamId, { gallery: [`media:${cast.otherTeamId}/x.jpg`] } as never) })],
      ['a reference nested in an unknown object', 'videos_media_refs_check', () => ({ props: minimalProps(cast.teamId, { extra: { deep: [{ image: `media:${cast.otherTeamId}/y.jpg` }] } } as never) })],
      ['a scene reference with a double slash', 'videos_media_refs_check', () => ({ props: { listing: {}, scenes: [{ id: 'a', src: `media:${cast.teamId}//x.jpg` }] } })],
      ['a scene reference with a backslash climb', 'videos_media_refs_check', () => ({ props: { listing: {}, scenes: [{ id: 'a', src: `media:${cast.teamId}/a\\..\\..\\x.jpg` }] } })],
      ['an unknown template', 'videos_template_check', () => ({ template: 'slideshow' })],
      ['an unknown format', 'videos_format_check', () => ({ format: 'widescreen' })],
      ['29 fps', 'videos_fps_check', () => ({ fps: 29 })],
      ['an untrimmed title', 'videos_title_check', () => ({ title: ' Direct ' })],
      ['a 121-character title', 'videos_title_check', () => ({ title: 'x'.repeat(121) })],
    ])('refuses %s (%s)', async (_label, constraint, values) => {
      const { error } = await insert(values())
      expect(error?.code).toBe('23514')
      expect(error?.message).toContain(constraint)
    })

    it('accepts 40 scenes, public sources and a caption that merely starts with "media:"', async () => {
      const props = {
        listing: {},
        scenes: [
          ...Array.from({ length: 39 }, (_, i) => scene(i)),
          { id: 'pub', src: '/remotion/samples/kitchen.jpg', caption: 'media: coverage' },
        ],
      }
      const { error } = await insert({ props })
      expect(error).toBeNull()
    })

    // issue 24: a reference is judged as written, never decoded, in every media field and anywhere in the props
    it('refuses encoded climbs in every media reference (scene, narration, agent photo and logo, music, nested)', async () => {
      const places = (ref: string): [string, Record<string, unknown>][] => [
        ['scene', minimalProps(cast.teamId, { scenes: [{ id: 'a', src: ref }] })],
        ['scene narration', minimalProps(cast.teamId, { scenes: [{ id: 'a', src: `media:${cast.teamId}/a.jpg`, narration: { src: ref } }] } as never)],
        ['agent photo', minimalProps(cast.teamId, { agent: { fullName: 'A', photoSrc: ref } })],
        ['agent logo', minimalProps(cast.teamId, { agent: { fullName: 'A', logoSrc: ref } })],
        ['music', minimalProps(cast.teamId, { music: { src: ref, volume: 0.5 } })],
        ['narration', minimalProps(cast.teamId, { narration: { src: ref } } as never)],
        ['nested', minimalProps(cast.teamId, { extra: { deep: [ref] } } as never)],
      ]
      const refs = [
        ...CLIMBS_ONCE_DECODED.map((suffix) => `media:${cast.teamId}/${suffix}`),
        `media:${cast.teamId}/%2e%2e/${cast.otherTeamId}/x.jpg`,
        `media:${cast.teamId}/%2e%2e/%2e%2e/renders/${cast.otherTeamId}/renders/r/video.mp4`,
        // white space after "media:" other than a space: still a reference (a URL parser drops tabs and newlines)
        `media:\t${cast.otherTeamId}/x.jpg`,
        `media:\n${cast.otherTeamId}/x.jpg`,
        `media:\r${cast.otherTeamId}/x.jpg`,
      ]
      const row = await insertVideo(cast.member, cast.teamId, listingId, { title: 'Encoded' })
      // every payload in the agent's photo (the share page's hole), a few in every other place
      const cases = [
        ...refs.map((ref) => [ref, places(ref).find(([where]) => where === 'agent photo')!] as const),
        ...refs.slice(0, 3).concat(refs.slice(-5)).flatMap((ref) => places(ref).map((place) => [ref, place] as const)),
      ]
      for (const [ref, [where, props]] of cases) {
        const inserted = await insert({ props })
        expect(inserted.error?.message, `insert ${where} ${JSON.stringify(ref)}`).toContain('videos_media_refs_check')
        const updated = await cast.member.client.from('videos').update({ props: props as unknown as Json }).eq('id', row.id)
        expect(updated.error?.code, `update ${where} ${JSON.stringify(ref)}`).toBe('23514')
      }
      expect((await behind<{ version: number }>(cast, 'videos', { id: row.id }))[0].version).toBe(1)
    }, 120_000)

    it('refuses the same bad props on update, leaving the row as it was', async () => {
      const row = await insertVideo(cast.member, cast.teamId, listingId, { title: 'Guarded' })
      const { error } = await cast.member.client.from('videos').update({ props: minimalProps(cast.otherTeamId) as unknown as Json }).eq('id', row.id)
      expect(error?.code).toBe('23514')
      expect(error?.message).toContain('videos_media_refs_check')
      const [after] = await behind<{ version: number; props: unknown }>(cast, 'videos', { id: row.id })
      expect(after).toMatchObject({ version: 1, props: minimalProps(cast.teamId) })
    })
  })

  describe('voices', () => {
    let active: string
    let inactive: string
    beforeAll(async () => {
      active = await insertVoice(cast, { name: 'Active voice' })
      inactive = await insertVoice(cast, { name: 'Retired voice', is_active: false })
    })

    it('shows the active voices to everyone, visitors included', async () => {
      for (const client of [cast.visitor, cast.member.client, cast.outsider.client]) {
        const { data, error } = await client.from('voices').select('id').in('id', [active, inactive])
        expect(error).toBeNull()
        expect(data).toEqual([{ id: active }])
      }
    })

    it('shows retired voices to site administrators only', async () => {
      const { data } = await cast.siteAdmin.client.from('voices').select('id').in('id', [active, inactive]).order('name')
      expect(data).toEqual([{ id: active }, { id: inactive }])
    })

    it('refuses plain table writes to voices from everyone, site administrators included (the audited functions write)', async () => {
      for (const client of [cast.visitor, cast.member.client, cast.owner.client, cast.siteAdmin.client]) {
        const { error } = await client.from('voices').insert({ name: 'Sneaky voice', language: 'en', gender: 'male', provider_voice_id: 'x' })
        expect(error?.code).toBe('42501')
        expect((await client.from('voices').update({ name: 'Renamed' }).eq('id', active)).error?.code).toBe('42501')
        expect((await client.from('voices').delete().eq('id', active)).error?.code).toBe('42501')
      }
      expect(await behind(cast, 'voices', { name: 'Sneaky voice' })).toEqual([])
      expect(await behind(cast, 'voices', { name: 'Renamed' })).toEqual([])
    })

    it('keeps a video when its voice is deleted (by the service key; admins cannot delete a voice in use), without the voice', async () => {
      const doomed = await insertVoice(cast, { name: 'Doomed voice' })
      const video = await insertVideo(cast.member, cast.teamId, listingId, { voice_id: doomed })
      expect(video.voice_id).toBe(doomed)
      must(await cast.service.from('voices').delete().eq('id', doomed).select('id'), 'delete voice')
      const [after] = await behind<{ voice_id: string | null }>(cast, 'videos', { id: video.id })
      expect(after.voice_id).toBeNull()
    })

    it.each([
      ['a gender outside the list', { gender: 'robot' }],
      ['a language name instead of a tag', { language: 'English' }],
      ['an empty name', { name: '' }],
      ['an 81-character name', { name: 'x'.repeat(81) }],
      ['no provider voice id', { provider_voice_id: '' }],
    ])('refuses %s', async (_label, values) => {
      const { error } = await cast.service.from('voices')
        .insert({ name: 'Checked', language: 'en-GB', gender: 'neutral', provider_voice_id: 'p', ...values })
      expect(error?.code).toBe('23514')
    })
  })

  describe('realtime', () => {
    it('tells the team about a video’s changes and tells another team nothing', async () => {
      const video = await insertVideo(cast.member, cast.teamId, listingId, { title: 'Live' })
      const mine = await listen(cast.owner.client, [{ event: 'UPDATE', table: 'videos', filter: `id=eq.${video.id}` }])
      const theirs = await listen(cast.outsider.client, [{ event: '*', table: 'videos' }])
      try {
        must(await cast.service.from('videos').update({ status: 'rendering' }).eq('id', video.id).select('id'), 'status')
        await until(() => mine.changes.length > 0)
        expect(mine.changes[0].new).toMatchObject({ id: video.id, status: 'rendering' })
        await settle()
        expect(theirs.changes).toEqual([])
      } finally {
        await cast.owner.client.removeChannel(mine.channel)
        await cast.outsider.client.removeChannel(theirs.channel)
      }
    })
  })
})
