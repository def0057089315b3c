import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fetchEditorData, fetchVideo } from '../../../lib/videos/reads.ts'
import { repairVideo } from '../../../lib/videos/repair.ts'
import { validateVideoProps } from '../../../lib/videos/schema.ts'
import { createVideo, saveVideo } from '../../../lib/videos/writes.ts'
import { Refusal } from '../../../lib/listings/refusal.ts'
import { assembleCast, behind, db, listingWithPhotos, must, type Cast } from './fixtures.ts'

// Issue 11: props are parsed on read. A row whose props no longer fit its template (they pass the
// database's structural check, not the template's schema) must not crash a reader; repair drafts
// them again from the listing and keeps the rest.
describe('stored props that no longer fit the template', () => {
  let cast: Cast
  let listingId: string
  let videoId: string
  type Row = { title: string; props: unknown; version: number; template: string }
  const row = async () => (await behind<Row>(cast, 'videos', { id: videoId }))[0]

  beforeAll(async () => {
    cast = await assembleCast()
    ;({ listingId } = await listingWithPhotos(cast.member, cast.teamId, ['Front', 'Kitchen']))
    ;({ id: videoId } = await createVideo(db(cast.member), cast.member.id, cast.teamId, listingId, {
      title: 'Needs care', template: 'classic-tour', format: 'landscape',
    }))
    // what an older app version or a direct API write could leave: right shape, wrong content
    must(
      await cast.service.from('videos')
        .update({ props: { listing: { nonsense: true }, scenes: [{ id: 's1', src: 42, caption: { not: 'text' } }], music: 'loud' } })
        .eq('id', videoId).select('id'),
      'corrupt props',
    )
  })
  afterAll(() => cast?.standIn.stop())

  it('reads the video without throwing and reports that the props do not fit', async () => {
    const editor = await fetchEditorData(db(cast.member), cast.teamId, listingId, videoId)
    const page = await fetchVideo(db(cast.member), cast.teamId, listingId, videoId)
    expect(editor?.video.details).toBeNull()
    expect(page?.details).toBeNull()
    expect(validateVideoProps('classic-tour', 'landscape', page!.props).ok).toBe(false)
  })

  it('refuses to hand the broken version to an editor in a save conflict', async () => {
    const before = await row()
    const attempt = saveVideo(db(cast.member), cast.member.id, cast.teamId, videoId, {
      expectedVersion: before.version - 1,
      title: 'Mine', template: 'classic-tour', format: 'landscape', voiceId: null,
      props: { listing: { address: { line: '1 A St' }, offer: 'sale', propertyType: 'house' }, scenes: [{ id: 'x', src: '/remotion/samples/kitchen.jpg' }] },
    })
    await expect(attempt).rejects.toThrow(Refusal)
    await expect(attempt).rejects.toThrow(/needs repair/)
  })

  it('repairs from the listing, keeping title and template, and bumps the version', async () => {
    const before = await row()
    const result = await repairVideo(db(cast.member), cast.member.id, cast.teamId, videoId)
    expect(result.status).toBe('repaired')
    const after = await row()
    expect(after.title).toBe('Needs care')
    expect(after.template).toBe('classic-tour')
    expect(after.version).toBeGreaterThan(before.version)
    const checked = validateVideoProps('classic-tour', 'landscape', after.props, cast.teamId)
    expect(checked.ok).toBe(true)
    // a second repair finds nothing to do
    expect((await repairVideo(db(cast.member), cast.member.id, cast.teamId, videoId)).status).toBe('fine')
  })

  it("refuses to repair another team's video", async () => {
    await expect(repairVideo(db(cast.outsider), cast.outsider.id, cast.teamId, videoId)).rejects.toThrow(Refusal)
    await expect(repairVideo(db(cast.outsider), cast.outsider.id, cast.otherTeamId, videoId)).rejects.toThrow(/no longer exists/)
  })
})
