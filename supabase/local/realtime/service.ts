import type { Service, StandInContext } from '../http.ts'
import { json } from '../http.ts'

// Replaced by the real realtime API in the stand-in's realtime work; answers 501 until then.
export async function createRealtimeService(_ctx: StandInContext): Promise<Service> {
  return { prefix: '/realtime/v1', handle: async () => json(501, { message: 'realtime is not built yet' }) }
}
