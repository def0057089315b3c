import type { Service, StandInContext } from '../http.ts'
import { json } from '../http.ts'

// Replaced by the real auth API in the stand-in's auth work; answers 501 until then.
export async function createAuthService(_ctx: StandInContext): Promise<Service> {
  return { prefix: '/auth/v1', handle: async () => json(501, { message: 'auth is not built yet' }) }
}
