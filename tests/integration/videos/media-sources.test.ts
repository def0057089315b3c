import { mkdtempSync, readFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Json } from '../../../lib/database.types.ts'
import { FallbackRenderer } from '../../../worker/fallback-renderer.ts'
import { resolveRunMedia } from '../../../lib/render/media-sources.ts'
import { WebRenderer } from '../../../worker/web-renderer.ts'
import { processNextRun } from '../../../worker/loop.ts'
import { completeProps } from '../../../remotion/catalog.ts'
import type { VideoProps } from '../../../remotion/schema.ts'
import { ALLOWED_MEDIA_SOURCES, HOSTILE_MEDIA_SOURCES } from '../../fixtures/hostile-media-sources.ts'
import { clientFor } from '../../helpers/supabase.ts'
import { admitVisitor } from '../trials/admit.ts'
import { assembleCast, behind, insertListing, insertVideo, minimalProps, must, type Cast } from './fixtures.ts'

// Issue 24, item 2: the render worker fetches only what it should. A visitor made the worker GET
// http://127.0.0.1:<port>/internal/secret.jpg through a URL in the props and got the answer in the MP4.
// Here a local HTTP server stands for that inside address: it must receive no request at all, whether
// the URL comes through the REST API (refused by the database), a run snapshot that slipped past it
// (refused by the worker's media step), or props handed straight to the in-browser renderer (its server
// fetches only the job's origins and is Chromium's only peer).

describe('media sources: what the worker may fetch', () => {
  let cast: Cast
  let listingId: string
  const seen: string[] = []
  // a real picture, so that a worker that fetched it would render it into the MP4 (as in the report)
  const secretPicture = readFileSync(path.resolve('public/remotion/samples/kitchen.jpg'))
  const inside = http.createServer((req, res) => {
    seen.push(req.url ?? '')
    res.writeHead(200, { 'content-type': 'image/jpeg' }).end(secretPicture)
  })
  let insideUrl = ''

  beforeAll(async () => {
    cast = await assembleCast()
    listingId = await insertListing(cast.member, cast.teamId, 'Harbour flat')
    await new Promise<void>((resolve) => inside.listen(0, '127.0.0.1', resolve))
    insideUrl = `http://127.0.0.1:${(inside.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    await new Promise((resolve) => inside.close(resolve))
    await cast?.standIn.stop()
  })

  const withSource = (teamOrTrial: string, src: string, where: 'scene' | 'agent' | 'music' | 'clip') => {
    const base = minimalProps(teamOrTrial) as VideoProps
    if (where === 'scene') return { ...base, scenes: [{ ...base.scenes[0], src }] }
    if (where === 'agent') return { ...base, agent: { fullName: 'Ann', photoSrc: src } }
    if (where === 'music') return { ...base, music: { src, volume: 0.5 } }
    return { ...base, scenes: [{ ...base.scenes[0], narration: { src, seconds: 1, text: 'Hi', voiceId: 'v', timing: 'estimated' as const, words: [] } }] }
  }

  describe('the database (straight over REST, as a member, a trial visitor and the service key)', () => {
    const hostile = [...HOSTILE_MEDIA_SOURCES, `${'x'.repeat(10)}`, `${insideUrl}/internal/secret.jpg`]

    it.each(['scene', 'agent', 'music', 'clip'] as const)('refuses every hostile %s source in a video, on insert and update', async (where) => {
      const row = await insertVideo(cast.member, cast.teamId, listingId, { title: `Guarded ${where}` })
      for (const src of hostile) {
        const props = withSource(cast.teamId, src, where) as unknown as Json
        const inserted = await cast.member.client.from('videos').insert({ team_id: cast.teamId, listing_id: listingId, title: 'Direct', template: 'classic-tour', format: 'landscape', props })
        expect(inserted.error?.code, src).toBe('23514')
        expect(inserted.error?.message, src).toContain('videos_media_sources')
        const updated = await cast.member.client.from('videos').update({ props }).eq('id', row.id)
        expect(updated.error?.message, src).toContain('videos_media_sources')
      }
      const [after] = await behind<{ version: number; props: unknown }>(cast, 'videos', { id: row.id })
      expect(after).toMatchObject({ version: 1, props: minimalProps(cast.teamId) })
    })

    it('refuses them from the service key too (a check, not a policy)', async () => {
      const row = await insertVideo(cast.member, cast.teamId, listingId, { title: 'Service' })
      const { error } = await cast.service.from('videos').update({ props: withSource(cast.teamId, 'http://169.254.169.254/latest/meta-data/', 'scene') as unknown as Json }).eq('id', row.id)
      expect(error?.message).toContain('videos_media_sources')
    })

    it('accepts references, the bundled samples and music, and URLs in free text', async () => {
      for (const src of ALLOWED_MEDIA_SOURCES) {
        const own = src.startsWith('media:') ? `media:${cast.teamId}/listings/x/u/front.jpg` : src
        for (const where of ['scene', 'agent', 'music', 'clip'] as const) {
          const { error } = await cast.member.client.from('videos').insert({ team_id: cast.teamId, listing_id: listingId, title: 'Fine', template: 'classic-tour', format: 'landscape', props: withSource(cast.teamId, own, where) as unknown as Json })
          expect(error, `${where} ${own}`).toBeNull()
        }
      }
      const text = { ...minimalProps(cast.teamId), scenes: [{ id: 's', src: `media:${cast.teamId}/a.jpg`, caption: 'See https://example.com' }] }
      expect((await cast.member.client.from('videos').insert({ team_id: cast.teamId, listing_id: listingId, title: 'Text', template: 'classic-tour', format: 'landscape', props: text as unknown as Json })).error).toBeNull()
    })

    it("refuses them in a trial project's props, from the anonymous visitor who owns it", async () => {
      const client = clientFor(cast.standIn)
      const { user } = must(await client.auth.signInAnonymously(), 'anonymous sign-in')
      await admitVisitor(cast.standIn, user!.id)
      const folder = `trials/${user!.id}`
      const project = (must(await client.from('trial_projects').insert({ property: {}, template: 'social-reel', format: 'portrait' }).select('id').single(), 'project') as { id: string }).id
      for (const src of hostile) {
        for (const where of ['scene', 'agent', 'music', 'clip'] as const) {
          const props = withSource(folder, src, where) as unknown as Json
          const { error } = await client.from('trial_projects').update({ props }).eq('id', project)
          expect(error?.code, `${where} ${src}`).toBe('23514')
          expect(error?.message, `${where} ${src}`).toContain('trial_projects_media_sources')
        }
      }
      const inserted = await client.from('trial_projects').insert({ property: {}, props: withSource(folder, `${insideUrl}/internal/secret.jpg`, 'scene') as unknown as Json })
      expect(inserted.error?.message).toContain('trial_projects_media_sources')
      expect((await client.from('trial_projects').update({ props: withSource(folder, '/remotion/samples/kitchen.jpg', 'scene') as unknown as Json }).eq('id', project)).error).toBeNull()
      expect(seen).toEqual([])
    })
  })

  describe('the worker', () => {
    const renderer = new FallbackRenderer()
    afterAll(() => renderer.close())

    it('refuses a run whose snapshot holds an inside URL (written past every check), before fetching anything', { timeout: 180_000 }, async () => {
      const video = await insertVideo(cast.member, cast.teamId, listingId, { title: 'Snapshot' })
      const props = {
        ...minimalProps(cast.teamId),
        scenes: [{ id: 's1', src: `${insideUrl}/internal/secret.jpg`, seconds: 5 }],
        agent: { fullName: 'Ann', photoSrc: `${insideUrl}/internal/agent.jpg` },
      }
      // render_runs carries no source check of its own (runs queued before the check must stay
      // failable): the service key writes the snapshot a stale or hand-made run could hold
      const run = must(await cast.service.from('render_runs').insert({
        team_id: cast.teamId, video_id: video.id, requested_by: cast.member.id, codec: 'h264', template: 'social-reel', format: 'square',
        width: 1080, height: 1080, fps: 30, total_frames: 150, props: props as unknown as Json,
      }).select('id').single(), 'run') as { id: string }
      expect(await processNextRun({ db: cast.service, renderer, workerId: 'media-test', frameRange: [0, 9], scale: 0.25 })).toBe(true)
      expect(seen).toEqual([])
      const [after] = await behind<{ status: string; error_message: string | null }>(cast, 'render_runs', { id: run.id })
      expect(after.status).toBe('failed')
      expect(after.error_message).toMatch(/needs repair/)
    })

    it("the media step refuses such props itself, even past the schema, and signs only for the configured project", async () => {
      must(await cast.member.client.storage.from('media').upload(`${cast.teamId}/listings/x/u1/front.jpg`, Buffer.from([0xff, 0xd8, 0xff, 0xd9]), { contentType: 'image/jpeg', upsert: true }), 'upload')
      for (const src of [...HOSTILE_MEDIA_SOURCES, `${insideUrl}/internal/secret.jpg`]) {
        const props = withSource(cast.teamId, src, 'agent') as VideoProps
        await expect(resolveRunMedia(cast.service, props, cast.teamId), src).rejects.toThrow(/agent\.photoSrc is not a library file/)
      }
      const ok = await resolveRunMedia(cast.service, minimalProps(cast.teamId, { music: { src: '/music/skyline.m4a', volume: 0.5 } }), cast.teamId)
      expect(ok.origins).toEqual([new URL(cast.standIn.url).origin])
      expect(new URL(ok.props.scenes[0].src).origin).toBe(new URL(cast.standIn.url).origin)
      expect(ok.props.music?.src).toBe('/music/skyline.m4a')
      expect(seen).toEqual([])
    })
  })

  describe('the in-browser renderer, handed inside URLs directly', () => {
    it('fetches none of them: its server keeps to the job\'s origins, and Chromium reaches nothing else', { timeout: 180_000 }, async () => {
      const web = new WebRenderer({ pages: 1 })
      const dir = mkdtempSync(path.join(os.tmpdir(), 'media-sources-'))
      try {
        await web.ready()
        const port = new URL(insideUrl).port
        const render = (scenes: VideoProps['scenes'], agent: VideoProps['agent'] = null) =>
          web.render(
            {
              compositionId: 'social-reel-square',
              inputProps: completeProps('social-reel', { listing: { address: { line: '1 Test St' }, offer: 'sale', propertyType: 'house' }, scenes, agent } as VideoProps) as never,
              codec: 'h264', outputFile: path.join(dir, 'out.mp4'), posterFile: path.join(dir, 'poster.jpg'), posterFrame: 0, frameRange: [0, 1], scale: 0.25,
              size: { width: 1080, height: 1080, fps: 30, totalFrames: 300 }, mediaOrigins: [new URL(cast.standIn.url).origin],
            },
            () => {},
            new AbortController().signal,
          ).catch(() => undefined)
        // an absolute URL is swapped for the worker's server, which refuses its origin
        await render([{ id: 's1', src: `${insideUrl}/internal/secret.jpg` }], { fullName: 'Ann', photoSrc: 'http://169.254.169.254/latest/meta-data/' })
        // a protocol-relative one is loaded by the page itself: the proxy (the worker's server) refuses it
        await render([{ id: 's1', src: `//127.0.0.1:${port}/internal/direct.jpg` }])
        expect(seen).toEqual([])
        expect(web.server.refused.some((r) => r.includes('/internal/secret.jpg'))).toBe(true)
        expect(web.server.refused.some((r) => r.includes(`127.0.0.1:${port}/internal/direct.jpg`))).toBe(true)
      } finally {
        await web.close()
      }
    })
  })
})
