import { publicEnv } from '@/lib/env'

/** The private bucket every team asset lives in (folder = team id). */
export const MEDIA_BUCKET = 'media'

/** Listing photo rules, checked here before any byte is sent; the server checks them again by content. */
export const PHOTO_RULES = {
  mimeTypes: ['image/jpeg', 'image/png', 'image/webp'],
  maxBytes: 15 * 1024 * 1024,
  maxPerListing: 40,
} as const

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

/** Why a picked file cannot be a listing photo, in words for the person who picked it; null when fine. */
export function photoProblem(file: File): string | null {
  if (!(PHOTO_RULES.mimeTypes as readonly string[]).includes(file.type)) {
    return `${file.name} is not a JPEG, PNG or WebP image.`
  }
  if (file.size > PHOTO_RULES.maxBytes) {
    return `${file.name} is ${formatBytes(file.size)}; photos can be up to 15 MB.`
  }
  if (file.size === 0) return `${file.name} is empty.`
  return null
}

/**
 * PUTs a file to a signed upload URL with XMLHttpRequest, because only XHR reports upload progress.
 * The token in the URL stands in for the uploader's rights, so no session header is needed.
 */
export function putToSignedUrl(path: string, token: string, file: File, onProgress: (fraction: number) => void): Promise<void> {
  const env = publicEnv()
  const base = env.NEXT_PUBLIC_SUPABASE_URL.replace(/\/$/, '')
  const encoded = path.split('/').map(encodeURIComponent).join('/')
  const url = `${base}/storage/v1/object/upload/sign/${MEDIA_BUCKET}/${encoded}?token=${encodeURIComponent(token)}`
  return new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('PUT', url)
    // the gateway wants a project key on every request, as supabase-js sends it
    xhr.setRequestHeader('apikey', env.NEXT_PUBLIC_SUPABASE_ANON_KEY)
    xhr.setRequestHeader('content-type', file.type || 'application/octet-stream')
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
      reject(new Error(message))
    }
    xhr.onerror = () => reject(new Error('The upload was interrupted. Check your connection and retry.'))
    xhr.send(file)
  })
}
