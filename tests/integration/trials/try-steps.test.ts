import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../../lib/listings/refusal.ts'
import { trialThumbPath } from '../../../lib/trials/paths.ts'
import { finalizeTrialPhoto, prepareTrialPhoto, removeTrialPhoto } from '../../../lib/trials/photos.ts'
import { parseTrialProject } from '../../../lib/trials/project.ts'
import {
  beginTrialProject,
  cancelTrialRender,
  chooseTrialLook,
  latestTrialProject,
  loadTrialProject,
  renderTrial,
  saveTrialProperty,
  saveTrialScenes,
} from '../../../lib/trials/steps.ts'
import { clientFor } from '../../helpers/supabase.ts'
import { admitVisitor } from './admit.ts'
import { assembleCast, must, type Cast } from '../app/cast.ts'

// Issue 13: the try flow's steps as the pages call them, as an anonymous visitor against the
// stand-in: begin, photos (signed upload, content checks, thumbnail), property, look, scene edits,
// the one render and its cancel; and what another visitor can and cannot do with them.

interface Visitor { db: Db; client: SupabaseClient; id: string }

const property = {
  offer: 'sale', propertyType: 'house', addressLine: '14 Harbour View Rd', city: 'Sydney', country: 'au',
  price: '1,450,000', currency: 'aud', bedrooms: '4', bathrooms: '2.5', floorArea: '320', areaUnit: 'sqm',
}

describe('the try flow steps', () => {
  let cast: Cast
  const jpeg = readFileSync(path.resolve('public/remotion/samples/living-room.jpg'))

  beforeAll(async () => {
    cast = await assembleCast()
  })
  afterAll(async () => {
    await cast?.standIn.stop()
  })

  const visitor = async (): Promise<Visitor> => {
    const client = clientFor(cast.standIn)
    const { user } = must(await client.auth.signInAnonymously(), 'anonymous sign-in')
    await admitVisitor(cast.standIn, user!.id)
    return { client, db: client as unknown as Db, id: user!.id }
  }

  /** What the browser does: prepare, PUT the bytes to the signed URL, finalize. */
  const addPhoto = async (who: Visitor, projectId: string, bytes: Buffer, name = 'room.jpg') => {
    const prepared = await prepareTrialPhoto(who.db, who.id, { projectId, name, bytes: bytes.length, mime: 'image/jpeg' })
    must(await who.client.storage.from('media').uploadToSignedUrl(prepared.path, prepared.token, bytes, { contentType: prepared.contentType }), 'put')
    return finalizeTrialPhoto(who.db, who.id, { projectId, path: prepared.path })
  }

  it('walks a visitor from an empty project to a queued 720p render, one only', async () => {
    const a = await visitor()
    const { projectId } = await beginTrialProject(a.db, a.id, {})
    // carrying on: the same project again, until a fresh one is asked for
    expect((await beginTrialProject(a.db, a.id, {})).projectId).toBe(projectId)

    // photos: stored upright with no metadata, a thumbnail beside, listed in the project
    const first = await addPhoto(a, projectId, jpeg)
    expect(first.path).toMatch(new RegExp(`^trials/${a.id}/photos/[0-9a-f-]{36}/room\\.jpg$`))
    const thumb = must(await a.client.storage.from('media').download(trialThumbPath(first.path)!), 'thumb')
    expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).format).toBe('webp')
    // a file that is not an image is refused by its bytes and removed
    await expect(addPhoto(a, projectId, Buffer.from('GIF89a not really'), 'fake.jpg')).rejects.toThrow(/JPEG, PNG or WebP/)
    const second = await addPhoto(a, projectId, jpeg, 'kitchen.jpg')

    // the property step wants 3 photos, every one of them uploaded to this project
    await expect(saveTrialProperty(a.db, a.id, { projectId, property, photos: [first.path, second.path] })).rejects.toThrow('Add at least 3 photos.')
    const third = await addPhoto(a, projectId, jpeg, 'garden.jpg')
    await expect(
      saveTrialProperty(a.db, a.id, { projectId, property, photos: [first.path, second.path, `trials/${a.id}/photos/${crypto.randomUUID()}/x.jpg`] }),
    ).rejects.toThrow(/still uploading/)
    await expect(saveTrialProperty(a.db, a.id, { projectId, property: { ...property, city: '' }, photos: third.photos })).rejects.toThrow('Enter the city.')
    const order = [third.path, first.path, second.path]
    await saveTrialProperty(a.db, a.id, { projectId, property, photos: order, captions: { [first.path]: 'Sunny living room' } })
    const saved = (await loadTrialProject(a.db, projectId))!
    expect(saved.property).toMatchObject({ country: 'AU', currency: 'AUD', price: 1_450_000, bathrooms: 2.5, title: '14 Harbour View Rd, Sydney' })
    expect(saved.photos).toEqual(order)
    expect(saved.captions).toEqual({ [first.path]: 'Sunny living room' })

    // the look: drafted from the property, watermarked, photos in order with their captions
    await expect(chooseTrialLook(a.db, a.id, { projectId, template: 'neon', format: 'portrait' })).rejects.toThrow('Choose a template.')
    await chooseTrialLook(a.db, a.id, { projectId, template: 'social-reel', format: 'portrait' })
    const drafted = (await latestTrialProject(a.db))!
    expect(drafted.props?.watermark).toBe(true)
    expect(drafted.props?.scenes.map((s) => s.src)).toEqual(order.map((p) => `media:${p}`))
    expect(drafted.props?.scenes[1].caption).toBe('Sunny living room')
    expect(drafted.props?.listing.address.line).toBe('14 Harbour View Rd')

    // small edits: order and captions; a scene that is not there is refused
    const ids = drafted.props!.scenes.map((s) => s.id)
    const edited = await saveTrialScenes(a.db, a.id, { projectId, scenes: [{ id: ids[2], caption: 'The kitchen' }, { id: ids[0] }, { id: ids[1], caption: '' }] })
    expect(edited.props.scenes.map((s) => [s.id, s.caption])).toEqual([[ids[2], 'The kitchen'], [ids[0], undefined], [ids[1], undefined]])
    await expect(saveTrialScenes(a.db, a.id, { projectId, scenes: [{ id: 'scene-x' }, { id: ids[0] }, { id: ids[1] }] })).rejects.toThrow(/another tab/)

    // the render: 720p portrait, watermarked; a second one refused; canceled gives it back
    const { runId } = await renderTrial(a.db, a.id, projectId)
    const run = must(await a.client.from('render_runs').select('width, height, status, props').eq('id', runId).single(), 'run') as {
      width: number; height: number; status: string; props: { watermark: boolean }
    }
    expect(run).toMatchObject({ width: 720, height: 1280, status: 'queued', props: { watermark: true } })
    await expect(renderTrial(a.db, a.id, projectId)).rejects.toThrow('You have used your trial render. Sign up to make more videos.')
    await cancelTrialRender(a.db, a.id, runId)
    await expect(cancelTrialRender(a.db, a.id, runId)).rejects.toThrow('That render has already finished.')
    const again = await renderTrial(a.db, a.id, projectId)
    expect(again.runId).not.toBe(runId)

    // removing a photo drops the drafted video (its scenes showed it) and the files
    await removeTrialPhoto(a.db, a.id, { projectId, path: second.path })
    const after = (await loadTrialProject(a.db, projectId))!
    expect(after.photos).toEqual([third.path, first.path])
    expect(after.props).toBeNull()
    expect((await a.client.storage.from('media').download(second.path)).error).not.toBeNull()
  })

  it('keeps another visitor out of every step', async () => {
    const a = await visitor()
    const b = await visitor()
    const { projectId } = await beginTrialProject(a.db, a.id, {})
    const photo = await addPhoto(a, projectId, jpeg)
    expect(await loadTrialProject(b.db, projectId)).toBeNull()
    const gone = /no longer exists/
    await expect(prepareTrialPhoto(b.db, b.id, { projectId, name: 'x.jpg', bytes: 10, mime: 'image/jpeg' })).rejects.toThrow(gone)
    await expect(finalizeTrialPhoto(b.db, b.id, { projectId, path: photo.path })).rejects.toThrow(/does not belong/)
    await expect(removeTrialPhoto(b.db, b.id, { projectId, path: photo.path })).rejects.toThrow(/not part of this trial/)
    await expect(saveTrialProperty(b.db, b.id, { projectId, property, photos: [photo.path, photo.path + '1', photo.path + '2'] })).rejects.toThrow(gone)
    await expect(chooseTrialLook(b.db, b.id, { projectId, template: 'social-reel', format: 'square' })).rejects.toThrow(gone)
    await expect(renderTrial(b.db, b.id, projectId)).rejects.toThrow(gone)
    // b's own upload may not name a's folder: the path is made on the server from b's id
    const prepared = await prepareTrialPhoto(b.db, b.id, { projectId: (await beginTrialProject(b.db, b.id, {})).projectId, name: '../../x.jpg', bytes: 10, mime: 'image/jpeg' })
    expect(prepared.path).toMatch(new RegExp(`^trials/${b.id}/photos/[0-9a-f-]{36}/x\\.jpg$`))
    // a is untouched
    expect(parseTrialProject(must(await a.client.from('trial_projects').select('*').eq('id', projectId).single(), 'a')).photos).toEqual([photo.path])
  })

  it('refuses an eleventh photo and oversized files before any byte is sent', async () => {
    const a = await visitor()
    const { projectId } = await beginTrialProject(a.db, a.id, {})
    await expect(prepareTrialPhoto(a.db, a.id, { projectId, name: 'big.jpg', bytes: 16 * 1024 * 1024, mime: 'image/jpeg' })).rejects.toThrow(/up to 15 MB/)
    for (let i = 0; i < 10; i += 1) await addPhoto(a, projectId, jpeg, `p${i}.jpg`)
    await expect(prepareTrialPhoto(a.db, a.id, { projectId, name: 'p10.jpg', bytes: jpeg.length, mime: 'image/jpeg' })).rejects.toThrow(/up to 10 photos/)
  })
})
