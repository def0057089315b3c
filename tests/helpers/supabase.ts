import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js'
import WebSocket from 'ws'
import type { StandIn } from '../../supabase/local/server.ts'

/**
 * The official client against a stand-in. Node 20 has no global WebSocket, so realtime gets `ws`;
 * nothing else differs from what the app does.
 */
/** What a client needs of a stand-in: its URL and keys. */
export type StandInAddress = Pick<StandIn, 'url'> & { config: Pick<StandIn['config'], 'anonKey' | 'serviceRoleKey'> }

export function clientFor(
  standIn: StandInAddress,
  key: 'anon' | 'service_role' | string = 'anon',
  options: SupabaseClientOptions<'public'> = {},
): SupabaseClient {
  const apiKey = key === 'anon' ? standIn.config.anonKey : key === 'service_role' ? standIn.config.serviceRoleKey : key
  return createClient(standIn.url, apiKey, {
    ...options,
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, ...options.auth },
    realtime: { transport: WebSocket as never, ...options.realtime },
  })
}

let counter = 0
/** A unique email per call, so tests never collide on one database. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1
  return `${prefix}.${Date.now().toString(36)}.${counter}.${Math.random().toString(36).slice(2, 7)}@example.test`
}

/** A signed-in client for a new user (auto-confirm must be on). */
export async function signedInClient(standIn: StandIn, email = uniqueEmail(), password = 'correct-horse-9') {
  const client = clientFor(standIn)
  const { data, error } = await client.auth.signUp({ email, password })
  if (error) throw error
  if (!data.session) throw new Error('sign-up returned no session (is autoconfirm off?)')
  return { client, user: data.user!, session: data.session, email, password }
}
