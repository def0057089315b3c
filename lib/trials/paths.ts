import { safeFileName } from '@/lib/media/kinds'
import { MIME_EXTENSION, type AudioMime } from '@/lib/narration/provider'
import { isMediaRef, refPath } from '@/lib/videos/media-refs'

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

const EXTENSION_MIME = Object.fromEntries(Object.entries(MIME_EXTENSION).map(([mime, ext]) => [ext, mime])) as Partial<Record<string, AudioMime>>

/**
 * The storage path of a trial clip the import may copy: exactly the shape narrateTrialProps writes,
 * `trials/{user}/narration/{sha-256}.{wav|mp3}` in the visitor's own folder; anything else is null
 * (another folder, a subfolder, dot segments, an unknown kind, not a media reference).
 */
export function trialClipSource(src: string, userId: string): { path: string; extension: string; mime: AudioMime } | null {
  if (!isMediaRef(src)) return null
  const path = refPath(src)
  const own = `${trialFolder(userId)}/narration/`
  if (!path.startsWith(own)) return null
  const match = /^([0-9a-f]{64})\.([a-z0-9]+)$/.exec(path.slice(own.length))
  const mime = match ? EXTENSION_MIME[match[2]] : undefined
  return match && mime ? { path, extension: match[2], mime } : null
}
