import 'server-only'
import { cache } from 'react'
import { notFound, redirect } from 'next/navigation'
import type { User } from '@supabase/supabase-js'
import { setMonitoringUser } from '@/lib/monitoring/scope'
import { createClient } from '@/lib/supabase/server'
import { loginPath } from './next-path'

/**
 * The user of this request, verified with the auth server (not just read from the cookie),
 * cached for the rest of the render. Anonymous trial sessions are not "signed in" here:
 * they only reach /try; use `getSessionUser()` where a trial user counts.
 */
export const getSessionUser = cache(async (): Promise<User | null> => {
  const supabase = await createClient()
  const { data, error } = await supabase.auth.getUser()
  if (error || !data.user) return null
  // error reports from this request name the account (its id only)
  setMonitoringUser(data.user.id)
  return data.user
})

/** The signed-in (non-anonymous) user, or null. */
export async function getUser(): Promise<User | null> {
  const user = await getSessionUser()
  return user && !user.is_anonymous ? user : null
}

/** The signed-in user, or a redirect to sign in that comes back to `nextPath`. */
export async function requireUser(nextPath: string): Promise<User> {
  const user = await getUser()
  if (!user) redirect(loginPath(nextPath))
  return user
}

/** Whether this request's user is an administrator (asked of the database, as RLS sees it). */
export const isAdmin = cache(async (): Promise<boolean> => {
  const user = await getUser()
  if (!user) return false
  const supabase = await createClient()
  const { data, error } = await supabase.rpc('is_admin')
  if (error) throw new Error(`Could not check administrator rights: ${error.message}`)
  return data === true
})

/**
 * The administrator of this request. Everyone else, signed in or not, gets the not-found page:
 * the admin area never admits it exists.
 */
export async function requireAdmin(): Promise<User> {
  const user = await getUser()
  if (!user || !(await isAdmin())) notFound()
  return user
}
