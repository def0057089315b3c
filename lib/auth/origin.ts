import 'server-only'
import { headers } from 'next/headers'

/** The origin the visitor used (for links in emails), from the request the action came with. */
export async function requestOrigin(): Promise<string> {
  const h = await headers()
  const origin = h.get('origin')
  if (origin && /^https?:\/\//.test(origin)) return origin
  const host = h.get('x-forwarded-host') ?? h.get('host') ?? '127.0.0.1:3000'
  const proto = h.get('x-forwarded-proto') ?? (host.startsWith('localhost') || host.startsWith('127.') ? 'http' : 'https')
  return `${proto}://${host}`
}
