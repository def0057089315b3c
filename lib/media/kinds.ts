import { z } from 'zod'
import { MEDIA, MEDIA_KINDS, type MediaKind } from '@/lib/constants'
import { idSchema } from '@/lib/listings/fields'

/*
 * What each kind of upload accepts and where it lives. Objects are named
 * `{team}/listings/{listing}/{uuid}/{file name}` (listing photos) or `{team}/{kind}s/{uuid}/{file name}`,
 * thumbnails `{team}/thumbs/{uuid}.webp`: the team folder is what the storage policies check, the
 * uuid folder makes every upload unique, and the file name keeps downloads recognisable.
 */

export const KIND_WORDS: Record<MediaKind, { refused: string; folder: string }> = {
  photo: { refused: 'is not a JPEG, PNG or WebP image', folder: 'photos' },
  logo: { refused: 'is not a JPEG, PNG or WebP image', folder: 'logos' },
  video: { refused: 'is not an MP4, WebM or QuickTime video', folder: 'videos' },
  audio: { refused: 'is not an MP3, WAV, M4A, AAC or Ogg audio file', folder: 'audio' },
}

/** file-type's names for the same formats, folded into the ones MEDIA lists. */
const SYNONYMS: Record<string, string> = {
  'audio/x-wav': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/x-m4a': 'audio/mp4',
  'video/x-m4v': 'video/mp4',
  'audio/x-aac': 'audio/aac',
}

export function canonicalMime(mime: string): string {
  const bare = mime.split(';')[0].trim().toLowerCase()
  return SYNONYMS[bare] ?? bare
}

export function kindAccepts(kind: MediaKind, mime: string): boolean {
  return (MEDIA.mimeTypes[kind] as readonly string[]).includes(canonicalMime(mime))
}

export function isImageKind(kind: MediaKind): boolean {
  return kind === 'photo' || kind === 'logo'
}

export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

/** A file name that is safe as one storage path segment and still reads like the original. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  const cleaned = base.normalize('NFKD').replace(/[^\w.-]+/g, '-').replace(/-+/g, '-').replace(/-+\./g, '.').replace(/^[-.]+|-+$/g, '')
  return (cleaned || 'file').slice(-100)
}

export function folderFor(teamId: string, kind: MediaKind, listingId: string | null): string {
  return listingId ? `${teamId}/listings/${listingId}` : `${teamId}/${KIND_WORDS[kind].folder}`
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'

/** The unique id inside a path made by `folderFor`, or null when the path is not one of ours. */
export function uploadIdOf(path: string, teamId: string, kind: MediaKind, listingId: string | null): string | null {
  const folder = folderFor(teamId, kind, listingId).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const match = new RegExp(`^${folder}/(${UUID})/[\\w.-]{1,100}$`).exec(path)
  return match ? match[1] : null
}

const kindSchema = z.enum(MEDIA_KINDS, { message: 'Choose photo, video, audio or logo.' })

const optionalListing = z
  .union([idSchema, z.literal(''), z.null(), z.undefined()], { message: 'That listing id is not valid.' })
  .transform((v) => v || null)
  .default(null)

export const prepareUploadSchema = z
  .object({
    name: z.string({ message: 'The file needs a name.' }).trim().min(1, { message: 'The file needs a name.' })
      .max(MEDIA.nameMax, { message: `Shorten the file name to ${MEDIA.nameMax} characters or fewer.` }),
    bytes: z.number({ message: 'The file size is missing.' }).int().min(1, { message: 'The file is empty.' }),
    mime: z.string().trim().max(200).default(''),
    kind: kindSchema,
    listingId: optionalListing,
  })
  .superRefine((v, ctx) => {
    if (v.bytes > MEDIA.maxBytes) {
      ctx.addIssue({
        code: 'custom',
        path: ['bytes'],
        message: `${v.name} is ${formatMegabytes(v.bytes)}; files can be up to ${MEDIA.maxBytes / (1024 * 1024)} MB.`,
      })
    }
    if (v.listingId && v.kind !== 'photo') {
      ctx.addIssue({ code: 'custom', path: ['kind'], message: 'Only photos can be added to a listing.' })
    }
  })

export const finalizeUploadSchema = z.object({
  path: z.string({ message: 'The upload path is missing.' }).min(1, { message: 'The upload path is missing.' }).max(500),
  kind: kindSchema,
  listingId: optionalListing,
  caption: z
    .union([z.string(), z.null(), z.undefined()])
    .transform((v) => (typeof v === 'string' && v.trim() ? v.trim() : null))
    .pipe(z.string().max(MEDIA.captionMax, { message: `Keep the caption to ${MEDIA.captionMax} characters or fewer.` }).nullable())
    .default(null),
  name: z
    .union([z.string(), z.null(), z.undefined()])
    .transform((v) => (typeof v === 'string' && v.trim() ? v.trim() : null))
    .pipe(z.string().max(MEDIA.nameMax, { message: `Shorten the name to ${MEDIA.nameMax} characters or fewer.` }).nullable())
    .default(null),
})

export type PrepareUploadInput = z.input<typeof prepareUploadSchema>
export type FinalizeUploadInput = z.input<typeof finalizeUploadSchema>
