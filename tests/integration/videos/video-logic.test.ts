import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Json } from '../../../lib/database.types.ts'
import { Refusal } from '../../../lib/listings/refusal.ts'
import { createVideo, deleteVideo, LISTING_NOT_FOUND, NO_PHOTOS, saveVideo, VIDEO_NOT_FOUND } from '../../../lib/videos/writes.ts'
import type { UploadedAsset } from '../../../lib/media/upload.ts'
import type { VideoProps } from '../../../remotion/schema.ts'
import {
  assembleCast, behind, db, insertListing, insertVoice, libraryAudio, listingWithPhotos, must, type Cast, type Person,
} from './fixtures.ts'

// The video logic (lib/videos/writes.ts) as the server actions run it: the signed-in user's client,
// the shared schemas, RLS. Every refusal is checked for its message and for what was (not) stored.
type VideoRow = { id: string; title: string; template: string; format: string; fps: number; props: VideoProps; voice_id: string | null; version: number; updated_by: string | null; status: string; listing_id: string }

describe('video logic', () => {
  let cast: Cast
  let listingId: string
  let photos: UploadedAsset[]
  let agentId: string
  const create = (person: Person, input: Record<string, unknown>, listing = listingId, team?: string) =>
    createVideo(db(person), person.id, team ?? cast.teamId, listing, { title: 'Harbour tour', template: 'classic-tour', format: 'landscape', ...input })
  const row = async (id: string) => (await behind<VideoRow>(cast, 'videos', { id }))[0]

  beforeAll(async () => {
    cast = await assembleCast()
    agentId = (must(
      await cast.member.client.from('agents')
        .insert({ team_id: cast.teamId, full_name: 'Ann Lee', phone: '0400 000 000', brand_color: '#0f766e' })
        .select('id').single(),
      'agent',
    ) as { id: string }).id
    ;({ listingId, photos } = await listingWithPhotos(cast.member, cast.teamId, ['Front garden', undefined, 'Kitchen with island'], { agentId }))
  })
  afterAll(() => cast?.standIn.stop())

  describe('createVideo', () => {
    it('drafts the video from the listing: photos in order as media refs, agent card, brand colour, narration', async () => {
      const { id } = await create(cast.member, { title: '  Harbour tour  ' })
      const video = await row(id)
      expect(video).toMatchObject({
        title: 'Harbour tour', template: 'classic-tour', format: 'landscape', fps: 30, status: 'draft', version: 1,
        listing_id: listingId, voice_id: null, updated_by: cast.member.id,
      })
      expect(video.props.scenes.map((s) => s.src)).toEqual(photos.map((p) => `media:${p.path}`))
      expect(video.props.scenes.map((s) => s.id)).toEqual(photos.map((p) => `scene-${p.id}`))
      expect(video.props.scenes.map((s) => s.caption)).toEqual(['Front garden', undefined, 'Kitchen with island'])
      // drafted by lib/narration/draft (tests/unit/narration): the address opens, the agent closes,
      // and each line is recorded as its draft so a later edit can be told apart
      expect(video.props.scenes[0].script).toContain('1 Harbour Street')
      expect(video.props.scenes[2].script).toContain('Ann Lee')
      expect(video.props.scenes.every((s) => s.scriptDraft === s.script)).toBe(true)
      expect(video.props.agent).toEqual({ fullName: 'Ann Lee', phone: '0400 000 000' })
      expect(video.props).toMatchObject({ brandColor: '#0f766e', locale: 'en-AU', fps: 30, music: null, listing: { title: 'Sunny harbour flat' } })
    })

    it('uses the narration lines it is given, a blank one leaving that scene silent', async () => {
      const { id } = await create(cast.member, { scripts: ['Our own opening line.', '   '] })
      const scenes = (await row(id)).props.scenes
      expect(scenes[0].script).toBe('Our own opening line.')
      expect(scenes[1].script).toBeUndefined()
      expect(scenes[2].script).toContain('Ann Lee')
      // the person's lines stay marked as theirs (the draft is kept beside them); the untouched one is the draft
      expect(scenes[0].scriptDraft).toBeTruthy()
      expect(scenes[0].scriptDraft).not.toBe(scenes[0].script)
      expect(scenes[2].scriptDraft).toBe(scenes[2].script)
    })

    it('adds library music and an active voice', async () => {
      const audio = await libraryAudio(cast.member, cast.teamId)
      const voiceId = await insertVoice(cast)
      const { id } = await create(cast.owner, { template: 'social-reel', format: 'portrait', musicAssetId: audio.id, voiceId })
      const video = await row(id)
      expect(video).toMatchObject({ template: 'social-reel', format: 'portrait', voice_id: voiceId })
      expect(video.props.music).toEqual({ src: `media:${audio.path}`, volume: 0.6, duckVolume: 0.15, fadeInSeconds: 1, fadeOutSeconds: 2 })
    })

    it('refuses a listing without photos and stores nothing', async () => {
      const empty = await insertListing(cast.member, cast.teamId, 'No photos yet')
      await expect(create(cast.member, {}, empty)).rejects.toThrow(new Refusal(NO_PHOTOS))
      expect(await behind(cast, 'videos', { listing_id: empty })).toEqual([])
    })

    it("refuses another team's listing, whichever team id is named", async () => {
      await expect(create(cast.outsider, {}, listingId, cast.teamId)).rejects.toThrow(LISTING_NOT_FOUND)
      await expect(create(cast.outsider, {}, listingId, cast.otherTeamId)).rejects.toThrow(LISTING_NOT_FOUND)
      await expect(create(cast.siteAdmin, {}, listingId)).rejects.toThrow(Refusal)
    })

    it("refuses music that is not the team's audio, and a retired voice", async () => {
      const theirs = await libraryAudio(cast.outsider, cast.otherTeamId)
      for (const musicAssetId of [theirs.id, photos[0].id]) {
        const refused = await create(cast.member, { title: 'With music', musicAssetId }).catch((e) => e)
        expect(refused).toBeInstanceOf(Refusal)
        expect(refused.message).toBe('That music track is no longer in your library. Choose another one.')
        expect(refused.fieldErrors).toEqual({ musicAssetId: 'That music track is no longer in your library.' })
      }
      const retired = await insertVoice(cast, { is_active: false })
      const refused = await create(cast.member, { title: 'With voice', voiceId: retired }).catch((e) => e)
      expect(refused.fieldErrors).toEqual({ voiceId: 'That voice is no longer available.' })
      expect(await behind(cast, 'videos', { title: 'With music' })).toEqual([])
      expect(await behind(cast, 'videos', { title: 'With voice' })).toEqual([])
    })

    it('refuses bad input field by field', async () => {
      const refused = await create(cast.member, { title: '', template: 'slideshow', format: 'square', voiceId: 'nope' }).catch((e) => e)
      expect(refused).toBeInstanceOf(Refusal)
      expect(refused.fieldErrors).toEqual({ title: 'Give the video a title.', template: 'Choose a template.', voiceId: 'Choose a voice from the list.' })
      const long = await create(cast.member, { scripts: ['x'.repeat(601)] }).catch((e) => e)
      expect(long.fieldErrors).toEqual({ 'scripts.0': 'Keep each narration line to 600 characters or fewer.' })
    })
  })

  describe('saveVideo', () => {
    let videoId: string
    let props: VideoProps
    beforeAll(async () => {
      videoId = (await create(cast.member, { title: 'Autosaved' })).id
      props = (await row(videoId)).props
    })
    const input = (p: VideoProps, expectedVersion: number, extra: Record<string, unknown> = {}) =>
      ({ title: 'Autosaved', template: 'classic-tour', format: 'landscape', voiceId: null, props: p, expectedVersion, ...extra })
    const withCaption = (caption: string): VideoProps => ({ ...props, scenes: props.scenes.map((s, i) => (i === 1 ? { ...s, caption } : s)) })

    it('saves, bumps the version and records who saved', async () => {
      const before = await row(videoId)
      const saved = await saveVideo(db(cast.teamAdmin), cast.teamAdmin.id, cast.teamId, videoId, input(withCaption('Open-plan living'), before.version, { format: 'square' }))
      expect(saved).toMatchObject({ status: 'saved', version: before.version + 1, details: { width: 1080, height: 1080, fps: 30 } })
      const after = await row(videoId)
      expect(after).toMatchObject({ version: before.version + 1, format: 'square', updated_by: cast.teamAdmin.id })
      expect(after.props.scenes[1].caption).toBe('Open-plan living')
      if (saved.status === 'saved') expect(Date.parse(saved.updatedAt)).toBe(Date.parse((await behind<{ updated_at: string }>(cast, 'videos', { id: videoId }))[0].updated_at))
    })

    it('keeps the version when nothing changed', async () => {
      const { version } = await row(videoId)
      const again = await saveVideo(db(cast.teamAdmin), cast.teamAdmin.id, cast.teamId, videoId, input(withCaption('Open-plan living'), version, { format: 'square' }))
      expect(again).toMatchObject({ status: 'saved', version })
    })

    it('never overwrites a newer save from another tab: it returns that version instead, and "keep mine" wins on purpose', async () => {
      const { version } = await row(videoId)
      // two tabs opened the same version
      const tabA = await saveVideo(db(cast.member), cast.member.id, cast.teamId, videoId, input(withCaption('Tab A caption'), version))
      expect(tabA).toMatchObject({ status: 'saved', version: version + 1 })
      const tabB = await saveVideo(db(cast.owner), cast.owner.id, cast.teamId, videoId, input(withCaption('Tab B caption'), version, { title: 'Tab B title' }))
      expect(tabB.status).toBe('conflict')
      if (tabB.status !== 'conflict') return
      expect(tabB.current).toMatchObject({ version: version + 1, title: 'Autosaved', template: 'classic-tour', format: 'landscape', voiceId: null })
      expect(tabB.current.props.scenes[1].caption).toBe('Tab A caption')
      expect(await row(videoId)).toMatchObject({ version: version + 1, title: 'Autosaved', updated_by: cast.member.id })
      // "Keep mine": the same state again, now expecting the version it was shown
      const kept = await saveVideo(db(cast.owner), cast.owner.id, cast.teamId, videoId, input(withCaption('Tab B caption'), tabB.current.version, { title: 'Tab B title' }))
      expect(kept).toMatchObject({ status: 'saved', version: version + 2 })
      const after = await row(videoId)
      expect(after).toMatchObject({ title: 'Tab B title', updated_by: cast.owner.id })
      expect(after.props.scenes[1].caption).toBe('Tab B caption')
    })

    it('lets exactly one of two simultaneous saves of the same version win', async () => {
      const { version } = await row(videoId)
      const results = await Promise.all([
        saveVideo(db(cast.member), cast.member.id, cast.teamId, videoId, input(withCaption('Same time A'), version)),
        saveVideo(db(cast.owner), cast.owner.id, cast.teamId, videoId, input(withCaption('Same time B'), version)),
      ])
      expect(results.map((r) => r.status).sort()).toEqual(['conflict', 'saved'])
      const winner = results.findIndex((r) => r.status === 'saved')
      const after = await row(videoId)
      expect(after.version).toBe(version + 1)
      expect(after.props.scenes[1].caption).toBe(winner === 0 ? 'Same time A' : 'Same time B')
    })

    it("refuses a media ref outside the team's folder and changes nothing", async () => {
      const before = await row(videoId)
      const foreign: VideoProps = { ...props, scenes: [{ ...props.scenes[0], src: `media:${cast.otherTeamId}/listings/x/u/theirs.jpg` }, ...props.scenes.slice(1)] }
      const refused = await saveVideo(db(cast.member), cast.member.id, cast.teamId, videoId, input(foreign, before.version)).catch((e) => e)
      expect(refused).toBeInstanceOf(Refusal)
      expect(refused.message).toBe('This video uses a file from another team. Choose one of your own photos or tracks.')
      expect(refused.fieldErrors).toEqual({ 'scenes.0.src': 'Scene 1: This video uses a file from another team. Choose one of your own photos or tracks.' })
      expect(await row(videoId)).toEqual(before)
    })

    it('refuses props the template does not accept, naming the field, and changes nothing', async () => {
      const before = await row(videoId)
      const refused = await saveVideo(db(cast.member), cast.member.id, cast.teamId, videoId, input(withCaption('x'.repeat(81)), before.version)).catch((e) => e)
      expect(refused.fieldErrors).toEqual({ 'scenes.1.caption': 'Scene 2 caption: keep it to 80 characters or fewer.' })
      const noScenes = await saveVideo(db(cast.member), cast.member.id, cast.teamId, videoId, input({ ...props, scenes: [] }, before.version)).catch((e) => e)
      expect(noScenes.message).toBe('A video needs at least one scene.')
      const stale = await saveVideo(db(cast.member), cast.member.id, cast.teamId, videoId, input(props, 0)).catch((e) => e)
      expect(stale.message).toBe('The editor lost track of the version. Reload the page.')
      expect(await row(videoId)).toEqual(before)
    })

    it('refuses saving a video of another team, whichever team id is named', async () => {
      const before = await row(videoId)
      const named = await saveVideo(db(cast.outsider), cast.outsider.id, cast.teamId, videoId, input(props, before.version)).catch((e) => e)
      expect(named.message).toBe(VIDEO_NOT_FOUND)
      // with their own team id, our photos are another team's files to them
      const own = await saveVideo(db(cast.outsider), cast.outsider.id, cast.otherTeamId, videoId, input(props, before.version)).catch((e) => e)
      expect(own).toBeInstanceOf(Refusal)
      const admin = await saveVideo(db(cast.siteAdmin), cast.siteAdmin.id, cast.teamId, videoId, input(withCaption('Admin was here'), before.version))
      // a site admin can read the video but not change it: nothing is written and the row comes back as it is
      expect(admin).toMatchObject({ status: 'conflict', current: { version: before.version } })
      expect(await row(videoId)).toEqual(before)
    })

    it('refuses a video that was deleted meanwhile', async () => {
      const { id } = await create(cast.member, { title: 'Gone soon' })
      const video = await row(id)
      await deleteVideo(db(cast.owner), cast.owner.id, cast.teamId, id)
      const refused = await saveVideo(db(cast.member), cast.member.id, cast.teamId, id, input(video.props, video.version)).catch((e) => e)
      expect(refused.message).toBe(VIDEO_NOT_FOUND)
    })

    it('saves a voice; deleting that voice clears it (a new version), and choosing it again is refused', async () => {
      const { version } = await row(videoId)
      const voiceId = await insertVoice(cast)
      const saved = await saveVideo(db(cast.member), cast.member.id, cast.teamId, videoId, input(props, version, { voiceId }))
      expect(saved).toMatchObject({ status: 'saved', version: version + 1 })
      // the service key: an administrator cannot delete a voice a video uses (admin_delete_voice refuses)
      must(await cast.service.from('voices').delete().eq('id', voiceId).select('id'), 'delete voice')
      // the open editor still thinks version + 1 holds its voice: it is told what changed
      const stale = await saveVideo(db(cast.member), cast.member.id, cast.teamId, videoId, input(props, version + 1, { voiceId }))
      expect(stale).toMatchObject({ status: 'conflict', current: { version: version + 2, voiceId: null } })
      const refused = await saveVideo(db(cast.member), cast.member.id, cast.teamId, videoId, input(props, version + 2, { voiceId })).catch((e) => e)
      expect(refused).toBeInstanceOf(Refusal)
      expect(refused.message).toBe('That voice is no longer available. Choose another one.')
      expect(refused.fieldErrors).toEqual({ voiceId: 'That voice is no longer available.' })
    })
  })

  describe('deleteVideo', () => {
    it('deletes the video and answers with its listing; a second delete is refused', async () => {
      const { id } = await create(cast.member, { title: 'To delete' })
      await expect(deleteVideo(db(cast.owner), cast.owner.id, cast.teamId, id)).resolves.toEqual({ listingId })
      expect(await behind(cast, 'videos', { id })).toEqual([])
      await expect(deleteVideo(db(cast.owner), cast.owner.id, cast.teamId, id)).rejects.toThrow(VIDEO_NOT_FOUND)
    })

    it('removes its rendered files too', async () => {
      const { id } = await create(cast.member, { title: 'Rendered' })
      const output = `${cast.teamId}/videos/${id}/final.mp4`
      must(await cast.service.storage.from('media').upload(output, Buffer.from('not really an mp4'), { contentType: 'video/mp4' }), 'put output')
      must(await cast.service.from('videos').update({ status: 'ready', output_path: output, output_bytes: 17, output_codec: 'h264' }).eq('id', id).select('id'), 'ready')
      await deleteVideo(db(cast.member), cast.member.id, cast.teamId, id)
      const { data } = await cast.service.storage.from('media').list(`${cast.teamId}/videos/${id}`)
      expect(data ?? []).toEqual([])
    })

    it('refuses a member of another team and a site administrator', async () => {
      const { id } = await create(cast.member, { title: 'Kept' })
      for (const person of [cast.outsider, cast.siteAdmin]) {
        await expect(deleteVideo(db(person), person.id, cast.teamId, id)).rejects.toThrow(VIDEO_NOT_FOUND)
      }
      expect(await behind(cast, 'videos', { id })).toHaveLength(1)
    })
  })

  it('the database refuses a direct write the app would refuse (other team ref)', async () => {
    const { id } = await create(cast.member, { title: 'Direct' })
    const video = await row(id)
    const foreign = { ...video.props, agent: { fullName: 'X', photoSrc: `media:${cast.otherTeamId}/agents/x.jpg` } }
    const { error } = await cast.member.client.from('videos').update({ props: foreign as unknown as Json }).eq('id', id)
    expect(error?.code).toBe('23514')
  })
})
