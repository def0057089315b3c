import 'server-only'
import { cache } from 'react'
import { cookies, headers } from 'next/headers'
import type { User } from '@supabase/supabase-js'
import { getSessionUser } from '@/lib/auth/user'
import { createClient } from '@/lib/supabase/server'
import { OPT_OUT_COOKIE, cookieSaysOptOut, headersSayOptOut } from './consent'
import { readAccountOptOut } from './preferences-read'

export interface AnalyticsConsent {
  /** whether this request may be measured at all (PostHog events, replay, flag evaluation) */
  allowed: boolean
  /** the signed-up account's stored choice; null for visitors and trial sessions */
  accountOptOut: boolean | null
  /** this request's session user, trial sessions included */
  user: User | null
}

/**
 * This request's answer: Do-Not-Track / Global Privacy Control always leave it out; a signed-up
 * account's own choice decides for it; otherwise the browser's opt-out cookie does.
 */
export const requestAnalyticsConsent = cache(async (): Promise<AnalyticsConsent> => {
  const [requestHeaders, cookieStore, user] = await Promise.all([headers(), cookies(), getSessionUser()])
  const accountOptOut = user && !user.is_anonymous ? await readAccountOptOut(await createClient(), user.id) : null
  const browserOptOut = headersSayOptOut(requestHeaders)
  const deviceOptOut = cookieSaysOptOut(cookieStore.get(OPT_OUT_COOKIE)?.value)
  const allowed = !browserOptOut && (accountOptOut === null ? !deviceOptOut : !accountOptOut)
  return { allowed, accountOptOut, user }
})

/** The profile page's switch: the account's stored choice (false when never set). */
export async function myAnalyticsOptOut(userId: string): Promise<boolean> {
  const supabase = await createClient()
  const { data, error } = await supabase.from('analytics_preferences').select('opted_out').eq('user_id', userId).maybeSingle()
  if (error) throw new Error(`Could not load your analytics preference: ${error.message}`)
  return data?.opted_out === true
}
