import WebSocket from 'ws'

/**
 * supabase-js ≥ 2.119 builds its realtime client at construction and throws on Node 20, which has
 * no global WebSocket. Server-side factories pass `ws` there; Node 22+ and browsers need nothing.
 */
export const serverRealtimeOptions =
  typeof globalThis.WebSocket === 'function' ? {} : { transport: WebSocket as unknown as typeof globalThis.WebSocket }
