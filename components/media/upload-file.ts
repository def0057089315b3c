import { MEDIA, type MediaKind } from '@/lib/constants'
import { publicEnv } from '@/lib/env'
import { retryableStatus, UploadFailure } from './upload-rules'

const MEDIA_BUCKET = MEDIA.bucket

/** Listing photo rules, checked here before any byte is sent; the server checks them again by content. */
export const PHOTO_RULES = {
  mimeTypes: MEDIA.mimeTypes.photo,
  maxBytes: MEDIA.maxBytes,
  maxPerListing: MEDIA.maxPhotosPerListing,
} as const

const KIND_WORDS: Record<MediaKind, string> = {
  photo: 'a JPEG, PNG or WebP image',
  logo: 'a JPEG, PNG or WebP image',
  video: 'an MP4, WebM or QuickTime video',
  audio: 'an MP3, WAV, M4A, AAC or OGG file',
}

/** Why a picked file cannot go into the library as `kind`; null when fine. */
export function fileProblem(file: File, kind: MediaKind): string | null {
  if (!(MEDIA.mimeTypes[kind] as readonly string[]).includes(file.type)) return `${file.name} is not ${KIND_WORDS[kind]}.`
  if (file.size > MEDIA.maxBytes) return `${file.name} is ${formatBytes(file.size)}; files can be up to 15 MB.`
  if (file.size === 0) return `${file.name} is empty.`
  return null
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

/** Why a picked file cannot be a listing photo, in words for the person who picked it; null when fine. */
export function photoProblem(file: File): string | null {
  return fileProblem(file, 'photo')
}

/**
 * PUTs a file to a signed upload URL with XMLHttpRequest, because only XHR reports upload progress.
 * The token in the URL stands in for the uploader's rights, so no session header is needed.
 */
export function putToSignedUrl(
  target: { path: string; token: string; contentType?: string; /** default: the media bucket */ bucket?: string },
  file: File,
  onProgress: (fraction: number) => void,
): Promise<void> {
  const { path, token } = target
  const env = publicEnv()
  const base = env.NEXT_PUBLIC_SUPABASE_URL.replace(/\/$/, '')
  const encoded = path.split('/').map(encodeURIComponent).join('/')
  const url = `${base}/storage/v1/object/upload/sign/${encodeURIComponent(target.bucket ?? MEDIA_BUCKET)}/${encoded}?token=${encodeURIComponent(token)}`
  return new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('PUT', url)
    // the gateway wants a project key on every request, as supabase-js sends it
    xhr.setRequestHeader('apikey', env.NEXT_PUBLIC_SUPABASE_ANON_KEY)
    // the type prepareUpload chose: the server judges the real type by content afterwards
    xhr.setRequestHeader('content-type', target.contentType || file.type || 'application/octet-stream')
    xhr.setRequestHeader('cache-control', 'max-age=3600')
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total)
    }
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1)
        return resolve()
      }
      let message = `The upload failed (${xhr.status}).`
      try {
        const body = JSON.parse(xhr.responseText) as { message?: string; error?: string }
        message = body.message || body.error || message
      } catch {
        // not JSON: keep the status message
      }
      // a refusal (413 too large, 400 bad type) would come again; a dropped link or a 5xx may not
      reject(new UploadFailure(message, retryableStatus(xhr.status)))
    }
    xhr.onerror = () => reject(new UploadFailure('The upload was interrupted. Check your connection and retry.', true))
    xhr.send(file)
  })
}
