import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fetchListing, fetchListings } from '../../../lib/listings/reads.ts'
import type { UploadedAsset } from '../../../lib/media/upload.ts'
import { collectMediaRefs, withMediaUrls } from '../../../lib/videos/media-refs.ts'
import {
  fetchCreateVideoData, fetchEditorData, fetchListingVideos, fetchRecentVideos, fetchVideo,
} from '../../../lib/videos/reads.ts'
import { validateVideoProps } from '../../../lib/videos/schema.ts'
import { createVideo, saveVideo } from '../../../lib/videos/writes.ts'
import { timelineFor } from '../../../remotion/catalog.ts'
import { TEMPLATE_IDS } from '../../../remotion/catalog.ts'
import {
  assembleCast, db, insertListing, insertVoice, libraryAudio, listingWithPhotos, must, type Cast,
} from './fixtures.ts'

// What the video pages read (lib/videos/reads.ts) as the signed-in user: lists with duration and a
// thumbnail, the video with signed URLs for every media ref, the editor's and create page's data.
describe('video reads', () => {
  let cast: Cast
  let listingId: string
  let photos: UploadedAsset[]
  let audio: UploadedAsset
  let agentId: string
  let voiceId: string
  let first: string
  let second: string

  /** A signed URL really serves the file. */
  async function serves(url: string | null | undefined, type: RegExp) {
    expect(url).toBeTruthy()
    const res = await fetch(url!)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type') ?? '').toMatch(type)
  }

  beforeAll(async () => {
    cast = await assembleCast()
    const photoPath = `${cast.teamId}/agents/ann/photo.jpg`
    must(await cast.member.client.storage.from('media').upload(photoPath, Buffer.from(await (await import('sharp')).default({ create: { width: 32, height: 32, channels: 3, background: '#888' } }).jpeg().toBuffer()), { contentType: 'image/jpeg' }), 'agent photo')
    agentId = (must(
      await cast.member.client.from('agents').insert({ team_id: cast.teamId, full_name: 'Ann Lee', photo_path: photoPath }).select('id').single(),
      'agent',
    ) as { id: string }).id
    ;({ listingId, photos } = await listingWithPhotos(cast.member, cast.teamId, ['Front', 'Living', 'Kitchen'], { agentId }))
    audio = await libraryAudio(cast.member, cast.teamId, 'Calm piano.wav')
    voiceId = await insertVoice(cast, { name: 'Olivia' })
    await insertVoice(cast, { name: 'Retired', is_active: false })
    first = (await createVideo(db(cast.member), cast.member.id, cast.teamId, listingId, {
      title: 'First tour', template: 'classic-tour', format: 'landscape', musicAssetId: audio.id, voiceId,
    })).id
    second = (await createVideo(db(cast.member), cast.member.id, cast.teamId, listingId, {
      title: 'Second tour', template: 'social-reel', format: 'portrait',
    })).id
  })
  afterAll(() => cast?.standIn.stop())

  it("lists a listing's videos newest first with their length and the first photo's thumbnail", async () => {
    const rows = await fetchListingVideos(db(cast.member), cast.teamId, listingId)
    expect(rows.map((r) => [r.title, r.template, r.format, r.status])).toEqual([
      ['Second tour', 'social-reel', 'portrait', 'draft'],
      ['First tour', 'classic-tour', 'landscape', 'draft'],
    ])
    const stored = must(await cast.service.from('videos').select('props').eq('id', first).single(), 'props') as { props: never }
    const timeline = timelineFor('classic-tour', stored.props)
    expect(rows[1].seconds).toBe(timeline.durationInFrames / timeline.fps)
    expect(rows[1].thumb_url).toContain(encodeURI(photos[0].thumb_path!.split('/').pop()!))
    await serves(rows[1].thumb_url, /image\/webp/)
  })

  it('shows no videos to another team and nothing for a malformed id', async () => {
    expect(await fetchListingVideos(db(cast.outsider), cast.teamId, listingId)).toEqual([])
    expect(await fetchListingVideos(db(cast.member), cast.teamId, 'not-an-id')).toEqual([])
  })

  it('lists the team’s recently changed videos with their listing', async () => {
    const { version, props } = must(await cast.service.from('videos').select('version, props').eq('id', first).single(), 'v') as { version: number; props: never }
    const saved = await saveVideo(db(cast.member), cast.member.id, cast.teamId, first, {
      title: 'First tour (edited)', template: 'classic-tour', format: 'landscape', voiceId, props, expectedVersion: version,
    })
    expect(saved.status).toBe('saved')
    const recent = await fetchRecentVideos(db(cast.owner), cast.teamId, 5)
    expect(recent.map((r) => [r.title, r.listing_title])).toEqual([
      ['First tour (edited)', 'Sunny harbour flat'],
      ['Second tour', 'Sunny harbour flat'],
    ])
    expect(await fetchRecentVideos(db(cast.outsider), cast.teamId, 5)).toEqual([])
    expect(await fetchRecentVideos(db(cast.owner), cast.teamId, 1)).toHaveLength(1)
  })

  it('reads one video with its listing, its composition and a URL for every media ref', async () => {
    const video = await fetchVideo(db(cast.member), cast.teamId, listingId, first)
    expect(video).not.toBeNull()
    expect(video!.listing.id).toBe(listingId)
    expect(video!.details).toMatchObject({ width: 1920, height: 1080, fps: 30 })
    const refs = collectMediaRefs(video!.props)
    expect(refs).toEqual([...photos.map((p) => `media:${p.path}`), `media:${cast.teamId}/agents/ann/photo.jpg`, `media:${audio.path}`])
    expect(Object.keys(video!.urls).sort()).toEqual([...refs].sort())
    await serves(video!.urls[refs[0]], /image\/jpeg/)
    await serves(video!.urls[`media:${audio.path}`], /audio\/wav/)
    const stored = validateVideoProps('classic-tour', 'landscape', video!.props)
    if (!stored.ok) throw new Error(stored.error)
    const playable = withMediaUrls(stored.props, video!.urls)
    expect(collectMediaRefs(playable)).toEqual([])
    // playable props carry signed URLs for the Player only: stored props never may (issue 24 item 2)
    expect(Object.values(video!.urls).every((url) => playable && JSON.stringify(playable).includes(url))).toBe(true)
    expect(validateVideoProps('classic-tour', 'landscape', playable).ok).toBe(false)
  })

  it('finds no video for another team, another listing or a malformed id', async () => {
    const otherListing = await insertListing(cast.member, cast.teamId, 'Elsewhere')
    expect(await fetchVideo(db(cast.outsider), cast.teamId, listingId, first)).toBeNull()
    expect(await fetchVideo(db(cast.member), cast.teamId, otherListing, first)).toBeNull()
    expect(await fetchVideo(db(cast.member), cast.teamId, listingId, 'nope')).toBeNull()
    expect(await fetchEditorData(db(cast.outsider), cast.teamId, listingId, first)).toBeNull()
    expect(await fetchCreateVideoData(db(cast.outsider), cast.teamId, listingId)).toBeNull()
  })

  it('gives a site administrator the video to look at', async () => {
    expect((await fetchVideo(db(cast.siteAdmin), cast.teamId, listingId, first))?.id).toBe(first)
  })

  it("gives the editor the listing's photos in order, library audio, agents, active voices and their URLs", async () => {
    const data = await fetchEditorData(db(cast.member), cast.teamId, listingId, second)
    expect(data).not.toBeNull()
    const d = data!
    expect(d.video.id).toBe(second)
    expect(d.listing.id).toBe(listingId)
    expect(d.photos.map((p) => [p.id, p.ref, p.caption])).toEqual(photos.map((p) => [p.id, `media:${p.path}`, p.caption]))
    for (const p of d.photos) {
      expect(d.urls[p.ref]).toBe(p.url)
      await serves(p.thumbUrl, /image\/webp/)
    }
    expect(d.audio).toEqual([{ id: audio.id, name: 'Calm piano.wav', ref: `media:${audio.path}`, url: expect.any(String), duration_s: 1 }])
    expect(d.agents.map((a) => [a.id, a.full_name, a.photoRef, a.logoRef])).toEqual([[agentId, 'Ann Lee', `media:${cast.teamId}/agents/ann/photo.jpg`, null]])
    expect(d.urls[d.agents[0].photoRef!]).toBeTruthy()
    expect(d.voices).toEqual([{ id: voiceId, name: 'Olivia', language: 'en-AU', gender: 'female', provider_voice_id: expect.stringMatching(/^olivia-/), sampleUrl: null }])
    // the video's own urls cover exactly the refs in its props
    expect(Object.keys(d.video.urls).sort()).toEqual(collectMediaRefs(d.video.props).sort())
  })

  it('gives the create page a valid draft per template and the drafted narration', async () => {
    const data = await fetchCreateVideoData(db(cast.member), cast.teamId, listingId)
    expect(data).not.toBeNull()
    const d = data!
    expect(d.agent?.id).toBe(agentId)
    expect(d.photos).toHaveLength(3)
    expect(d.scripts).toHaveLength(3)
    expect(d.scripts[2]).toContain('Ann Lee')
    expect(Object.keys(d.draft).sort()).toEqual([...TEMPLATE_IDS].sort())
    for (const template of TEMPLATE_IDS) {
      expect(validateVideoProps(template, 'landscape', d.draft[template], cast.teamId).ok).toBe(true)
      for (const ref of collectMediaRefs(d.draft[template])) expect(d.urls[ref], ref).toBeTruthy()
    }
    const empty = await insertListing(cast.member, cast.teamId, 'Bare listing')
    const bare = await fetchCreateVideoData(db(cast.member), cast.teamId, empty)
    expect(bare).toMatchObject({ photos: [], scripts: [], agent: null })
  })

  it('counts videos on the listings page and the listing page', async () => {
    const other = await insertListing(cast.member, cast.teamId, 'No videos')
    const page = await fetchListings(db(cast.member), cast.teamId, { status: 'all' })
    const counts = Object.fromEntries(page.rows.map((r) => [r.id, r.video_count]))
    expect(counts[listingId]).toBe(2)
    expect(counts[other]).toBe(0)
    expect((await fetchListing(db(cast.member), cast.teamId, listingId))?.video_count).toBe(2)
    expect((await fetchListing(db(cast.member), cast.teamId, other))?.video_count).toBe(0)
  })
})
