import type { Service, StandInContext } from '../http.ts'
import { json } from '../http.ts'

// Replaced by the real rest API in the stand-in's rest work; answers 501 until then.
export async function createRestService(_ctx: StandInContext): Promise<Service> {
  return { prefix: '/rest/v1', handle: async () => json(501, { message: 'rest is not built yet' }) }
}
