import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll } from 'vitest'
import type { StandIn } from '../../supabase/local/server.ts'
import { startFixtureStandIn } from './stand-in.ts'
import { clientFor } from './supabase.ts'
import type { RealtimeChannel, RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js'

export type Change = RealtimePostgresChangesPayload<Record<string, unknown>>

/** Subscribes and resolves once the server confirmed the join; collects every change. */
export async function listen(
  client: SupabaseClient,
  filters: { event: '*' | 'INSERT' | 'UPDATE' | 'DELETE'; table: string; filter?: string }[],
): Promise<{ channel: RealtimeChannel; changes: Change[] }> {
  const changes: Change[] = []
  let channel = client.channel(`changes-${randomUUID()}`)
  for (const f of filters) {
    channel = channel.on('postgres_changes', { schema: 'public', ...f } as never, (p: Change) => changes.push(p))
  }
  await new Promise<void>((resolve, reject) => {
    channel.subscribe((status, err) => {
      if (status === 'SUBSCRIBED') resolve()
      else if (status !== 'CLOSED') reject(err ?? new Error(status))
    })
  })
  return { channel, changes }
}

/** Waits until `check` holds, polling every 20 ms. */
export async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting')
    await new Promise((r) => setTimeout(r, 20))
  }
}

/** Lets any message that is going to arrive arrive (used before asserting that nothing did). */
export const settle = (ms = 400) => new Promise((r) => setTimeout(r, ms))

/**
 * One fixture stand-in for a test file, plus realtime clients that are closed when the file ends.
 * `standIn` is a getter: it exists once `beforeAll` has run.
 */
export function realtimeStandInForFile() {
  let standIn: StandIn | undefined
  const clients: SupabaseClient[] = []
  beforeAll(async () => {
    standIn = await startFixtureStandIn()
  }, 120_000)
  afterAll(async () => {
    for (const c of clients) await c.removeAllChannels()
    await standIn?.stop()
  })
  const current = (): StandIn => {
    if (!standIn) throw new Error('the stand-in starts in beforeAll')
    return standIn
  }
  /** keeps a client so its channels are removed at the end */
  const track = <C extends SupabaseClient>(client: C): C => {
    clients.push(client)
    return client
  }
  /** an anon-key client whose realtime connection carries `token` when given */
  const clientWithToken = async (token?: string): Promise<SupabaseClient> => {
    const client = clientFor(current(), 'anon')
    if (token) await client.realtime.setAuth(token)
    return track(client)
  }
  return {
    get standIn(): StandIn {
      return current()
    },
    track,
    clientWithToken,
  }
}
