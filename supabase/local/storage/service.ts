import type { Service, StandInContext } from '../http.ts'
import { json } from '../http.ts'

// Replaced by the real storage API in the stand-in's storage work; answers 501 until then.
export async function createStorageService(_ctx: StandInContext): Promise<Service> {
  return { prefix: '/storage/v1', handle: async () => json(501, { message: 'storage is not built yet' }) }
}
