import { AVATARS } from '@/lib/constants'
import { publicEnv } from '@/lib/env'
import { createClient } from '@/lib/supabase/client'

/**
 * Uploads with XMLHttpRequest rather than supabase-js because only XHR reports upload progress.
 * Same endpoint, headers and session token the official client would use.
 */
export async function uploadAvatar(userId: string, file: File, onProgress: (fraction: number) => void): Promise<string> {
  const supabase = createClient()
  const { data } = await supabase.auth.getSession()
  const token = data.session?.access_token
  if (!token) throw new Error('Your session has ended. Please sign in again.')

  const ext = file.type === 'image/png' ? 'png' : file.type === 'image/webp' ? 'webp' : 'jpg'
  // the server re-encodes it under its own name (lib/profile/avatar-image.ts) and removes this upload
  const path = `${userId}/upload-${Date.now()}.${ext}`
  const env = publicEnv()
  const url = `${env.NEXT_PUBLIC_SUPABASE_URL.replace(/\/$/, '')}/storage/v1/object/${AVATARS.bucket}/${path}`

  await new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', url)
    xhr.setRequestHeader('authorization', `Bearer ${token}`)
    xhr.setRequestHeader('apikey', env.NEXT_PUBLIC_SUPABASE_ANON_KEY)
    xhr.setRequestHeader('content-type', file.type)
    xhr.setRequestHeader('cache-control', 'max-age=3600')
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total)
    }
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve()
      let message = `Upload failed (${xhr.status})`
      try {
        const body = JSON.parse(xhr.responseText) as { message?: string; error?: string }
        message = body.message || body.error || message
      } catch {
        // not JSON: keep the status message
      }
      reject(new Error(message))
    }
    xhr.onerror = () => reject(new Error('The upload was interrupted. Check your connection and try again.'))
    xhr.send(file)
  })
  onProgress(1)
  return path
}
