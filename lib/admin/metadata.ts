import type { Metadata } from 'next'
import { isAdmin } from '@/lib/auth/user'

/*
 * Admin page titles. Everyone but administrators gets the not-found page in /admin; its title must be
 * the not-found title too (app/not-found.tsx), or "Coupons · Admin · Listing Studio" would tell a member
 * which admin pages exist while the body says "Page not found".
 */

export const NOT_FOUND_TITLE = 'Page not found · Listing Studio'
const hidden: Metadata = { title: { absolute: NOT_FOUND_TITLE }, robots: { index: false } }

/** The admin layout's metadata: the "… · Admin" template for administrators, not-found for everyone else. */
export async function adminLayoutMetadata(): Promise<Metadata> {
  if (!(await isAdmin())) return hidden
  return { title: { default: 'Administration', template: '%s · Admin · Listing Studio' }, robots: { index: false } }
}

/** One admin page's `generateMetadata`: its title for administrators, the not-found title for everyone else. */
export function adminMetadata(title: string): () => Promise<Metadata> {
  return async () => ((await isAdmin()) ? { title } : hidden)
}
