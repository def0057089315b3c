import type { SupabaseClient } from '@supabase/supabase-js'

/**
 * Hands the socket the signed-in user's token before a channel joins. A channel that joins first
 * joins as `anon` and gets "Error 401: Unauthorized" for every row a policy guards (seen with the
 * dashboard's first subscription, made while the page was still starting).
 */
export async function authorizeRealtime(supabase: SupabaseClient): Promise<void> {
  const { data } = await supabase.auth.getSession()
  if (data.session) await supabase.realtime.setAuth(data.session.access_token)
}
