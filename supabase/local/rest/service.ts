import type { Service, StandInContext } from '../http.ts'
import { createRestHandler } from './handler.ts'

/** `/rest/v1`: the PostgREST-compatible API over the stand-in's database. */
export async function createRestService(ctx: StandInContext): Promise<Service> {
  const handle = createRestHandler(ctx.config, ctx.db)
  return { prefix: '/rest/v1', handle }
}
