import 'server-only'
import { cache } from 'react'
import { notFound, redirect } from 'next/navigation'
import type { User } from '@supabase/supabase-js'
import { decodeJwt } from 'jose'
import { z } from 'zod'
import { setMonitoringUser } from '@/lib/monitoring/scope'
import { createClient } from '@/lib/supabase/server'
import { verifiedFactorsOf, type VerifiedFactor } from './factors'
import { loginPath, secondFactorPath } from './next-path'

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

/**
 * The signed-in user, or a redirect to sign in that comes back to `nextPath`. Someone with an
 * authenticator whose session has not passed it yet (a password alone) is sent to pass it first:
 * the database would not show them their teams anyway (private.mfa_satisfied()).
 */
export async function requireUser(nextPath: string): Promise<User> {
  const user = await getUser()
  if (!user) redirect(loginPath(nextPath))
  if (await needsSecondFactor()) redirect(secondFactorPath(nextPath))
  return user
}

/** The verified authenticators of this request's user, as GoTrue listed them with the user (fresh). */
export async function verifiedFactors(): Promise<VerifiedFactor[]> {
  const user = await getUser()
  return verifiedFactorsOf(user?.factors)
}

/**
 * True when this request's user has a verified authenticator and the session has not passed it
 * (aal1). The level is the session token's `aal` claim; the factors come from the verified user.
 */
export const needsSecondFactor = cache(async (): Promise<boolean> => {
  if ((await verifiedFactors()).length === 0) return false
  return (await sessionAal()) !== 'aal2'
})

/**
 * The `aal` claim of this request's session token. Read from the token itself, which getUser()
 * has just had the auth server check for this request (supabase-js's getAuthenticatorAssuranceLevel
 * would read the cookie's copy of the user, and warns about it on the server). Routing only: the
 * database decides rights from the verified claim itself.
 */
export const sessionAal = cache(async (): Promise<string | null> => {
  if (!(await getSessionUser())) return null
  const supabase = await createClient()
  const { data } = await supabase.auth.getSession()
  const token = data.session?.access_token
  if (!token) return null
  const claims = z.object({ aal: z.string().optional() }).safeParse(decodeJwt(token))
  return claims.success ? (claims.data.aal ?? null) : null
})

const standingSchema = z.enum(['none', 'second_factor', 'admin'])
export type AdminStanding = z.infer<typeof standingSchema>

/**
 * Where this request's user stands as an administrator, asked of the database
 * (`public.admin_standing()`): not one; one whose session has not passed a second factor (the
 * database treats them as not an administrator until it has: `private.is_admin()` needs aal2); or
 * one acting now.
 */
export const adminStanding = cache(async (): Promise<AdminStanding> => {
  const user = await getUser()
  if (!user) return 'none'
  const supabase = await createClient()
  const { data, error } = await supabase.rpc('admin_standing')
  if (error) throw new Error(`Could not check administrator rights: ${error.message}`)
  return standingSchema.parse(data)
})

/** Whether this request's user acts as an administrator now (administrator, second factor passed). */
export const isAdmin = cache(async (): Promise<boolean> => (await adminStanding()) === 'admin')

/**
 * The administrator of this request. An administrator without a second factor in this session is
 * sent to pass one (and comes back to `nextPath`); everyone else, signed in or not, gets the
 * not-found page: the admin area never admits it exists.
 */
export async function requireAdmin(nextPath = '/admin'): Promise<User> {
  const user = await getUser()
  const standing = user ? await adminStanding() : 'none'
  if (standing === 'second_factor') redirect(secondFactorPath(nextPath))
  if (!user || standing !== 'admin') notFound()
  return user
}
