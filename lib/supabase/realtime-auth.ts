import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js'

/**
 * Subscribes `channel` once the socket has the signed-in user's token, and answers the clean-up. A
 * channel that joins before that joins as `anon` and gets "Error 401: Unauthorized" for every row a
 * policy guards (seen with the dashboard's first subscription, made while the page was starting).
 */
export function subscribeAuthorized(
  supabase: SupabaseClient,
  channel: RealtimeChannel,
  onStatus?: (status: string) => void,
): () => void {
  let stopped = false
  void supabase.auth.getSession().then(async ({ data }) => {
    if (data.session) await supabase.realtime.setAuth(data.session.access_token)
    if (!stopped) channel.subscribe((status) => onStatus?.(status))
  })
  return () => {
    stopped = true
    void supabase.removeChannel(channel)
  }
}
