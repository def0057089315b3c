import 'server-only'
import { z } from 'zod'
import { MEDIA } from '@/lib/constants'
import { idSchema } from '@/lib/listings/fields'
import { takePhotoFetches } from '@/lib/listings/import/limits'
import { fetchPhoto, photoUrlsSchema, previewOf, stagingFailure, type StagedPhoto } from '@/lib/listings/import/photos'
import { parseOrRefuse, type Db } from '@/lib/listings/refusal'
import { newTrialPhotoPath } from './paths'
import { finalizeTrialPhoto } from './photos'

/*
 * A listing page's photos for the try flow (issue 29). A trial's photos join the project as they
 * arrive (as picked files do), so each fetched photo is stored in the visitor's own folder and
 * finished by finalizeTrialPhoto: the same content checks, in page order.
 */

export const trialPhotoUrlsSchema = photoUrlsSchema.extend({ projectId: idSchema })

export async function importTrialPhotos(db: Db, userId: string, input: unknown): Promise<{ photos: StagedPhoto[] }> {
  const v = parseOrRefuse(trialPhotoUrlsSchema, input as z.input<typeof trialPhotoUrlsSchema>)
  await takePhotoFetches(`trial:${userId}`, v.urls.length)
  // fetched side by side, added one after another so the project keeps the page's order
  const fetched = await Promise.all(
    v.urls.map(async (url) => {
      try {
        const photo = await fetchPhoto(url)
        const path = newTrialPhotoPath(userId, photo.name)
        const { error } = await db.storage.from(MEDIA.bucket).upload(path, photo.bytes, { contentType: photo.mime })
        if (error) throw new Error(`could not store an imported trial photo: ${error.message}`)
        return { url, path, photo }
      } catch (error) {
        return stagingFailure(url, error)
      }
    }),
  )
  const photos: StagedPhoto[] = []
  for (const item of fetched) {
    if ('ok' in item) {
      photos.push(item)
      continue
    }
    try {
      await finalizeTrialPhoto(db, userId, { projectId: v.projectId, path: item.path })
      photos.push({ url: item.url, ok: true, path: item.path, name: item.photo.name, bytes: item.photo.bytes.length, previewUrl: await previewOf(item.photo.bytes) })
    } catch (error) {
      photos.push(stagingFailure(item.url, error))
    }
  }
  return { photos }
}
