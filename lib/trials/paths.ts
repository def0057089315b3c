import { safeFileName } from '@/lib/media/kinds'

/*
 * Where a visitor's files live: everything under trials/{user id}/ (the storage policies and the
 * table's checks hold them there). A photo is trials/{user}/photos/{upload id}/{name}; its small
 * WebP is trials/{user}/thumbs/{upload id}.webp, derived from the photo's path so nothing else has
 * to remember it (the clean-up removes both).
 */

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
const PHOTO = new RegExp(`^trials/(${UUID})/photos/(${UUID})/[\\w.-]{1,100}$`)

export function trialFolder(userId: string): string {
  return `trials/${userId}`
}

export function newTrialPhotoPath(userId: string, name: string): string {
  return `${trialFolder(userId)}/photos/${crypto.randomUUID()}/${safeFileName(name)}`
}

/** The upload id of a photo path made by newTrialPhotoPath for this user, or null. */
export function trialPhotoId(path: string, userId: string): string | null {
  const match = PHOTO.exec(path)
  return match && match[1] === userId ? match[2] : null
}

/** The thumbnail beside a photo (null for a path that is not a trial photo). */
export function trialThumbPath(path: string): string | null {
  const match = PHOTO.exec(path)
  return match ? `trials/${match[1]}/thumbs/${match[2]}.webp` : null
}
