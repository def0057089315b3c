'use server'

import { cookies } from 'next/headers'
import { z } from 'zod'
import { siteUrl } from '@/lib/env'
import { ActionError, userAction } from '@/lib/safe-action'
import { OPT_OUT_COOKIE, OPT_OUT_MAX_AGE_S } from './consent'
import { analyticsPreferenceSchema } from './schema'

/**
 * Stores the account's choice (set_analytics_opt_out, as the person: RLS decides) and mirrors it in
 * this browser's cookie, so the browser stays left out after signing out.
 */
export const setAnalyticsPreference = userAction(analyticsPreferenceSchema, async ({ optedOut }, { supabase }) => {
  const { data, error } = await supabase.rpc('set_analytics_opt_out', { p_opted_out: optedOut })
  if (error) throw new Error(`storing the analytics preference failed: ${error.message}`)
  const stored = z.boolean().safeParse(data)
  if (!stored.success) throw new ActionError('Your choice could not be saved. Please try again.')
  const cookieStore = await cookies()
  if (stored.data) cookieStore.set(OPT_OUT_COOKIE, '1', { path: '/', maxAge: OPT_OUT_MAX_AGE_S, sameSite: 'lax', secure: siteUrl().startsWith('https:') })
  else cookieStore.delete(OPT_OUT_COOKIE)
  return { optedOut: stored.data }
})
