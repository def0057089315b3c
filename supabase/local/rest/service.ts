import type { Service, StandInContext } from '../http.ts'
import { createRestHandler } from './handler.ts'
import { RestSettings } from './settings.ts'

/** `/rest/v1`: the PostgREST-compatible API over the stand-in's database. */
export async function createRestService(ctx: StandInContext): Promise<Service> {
  const settings = new RestSettings(ctx.db, ctx.config)
  await settings.listen()
  const handle = createRestHandler(ctx.config, ctx.db, settings)
  return { prefix: '/rest/v1', handle, close: () => settings.close() }
}
