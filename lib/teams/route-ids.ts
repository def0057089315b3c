import 'server-only'
import { notFound } from 'next/navigation'
import { idSchema } from '@/lib/teams/schema'

/** Listing and video ids in URLs must look like ids; anything else is simply not found. */
export function requireIdShape(...ids: string[]): void {
  if (ids.some((id) => !idSchema.safeParse(id).success)) notFound()
}
