import { AVATARS } from '@/lib/constants'
import { publicEnv } from '@/lib/env'

/** Avatars live in a public bucket, so the URL is plain and the same on server and browser. */
export function avatarUrl(path: string | null | undefined): string | null {
  if (!path) return null
  const base = publicEnv().NEXT_PUBLIC_SUPABASE_URL.replace(/\/$/, '')
  return `${base}/storage/v1/object/public/${AVATARS.bucket}/${path.split('/').map(encodeURIComponent).join('/')}`
}
