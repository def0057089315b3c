import { redirectToPath } from '@/lib/auth/redirect-response'
import { createClient } from '@/lib/supabase/server'

/**
 * POST only: a GET (a prefetch, an image tag) must never sign anyone out. It ends this browser's
 * session, not the account's others (supabase-js's default, scope `global`, also signed out the
 * person's phone when they signed out at the office: docs/app.md).
 */
export async function POST() {
  const supabase = await createClient()
  const { error } = await supabase.auth.signOut({ scope: 'local' })
  if (error) console.warn('[auth] sign-out failed', error.code, error.message)
  // 303 turns the POST into a GET of the sign-in page
  return redirectToPath('/auth/login?notice=signed-out', 303)
}
