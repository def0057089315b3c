import type { Service, StandInContext } from '../http.ts'
import { SchemaCache } from './catalogue.ts'
import { createRestHandler } from './handler.ts'
import { RestSettings } from './settings.ts'

/**
 * `/rest/v1`: the PostgREST-compatible API over the stand-in's database. Its schema cache is
 * dropped on `NOTIFY pgrst, 'reload schema'` (or an empty payload), as PostgREST does; the DDL
 * event triggers of sql/pgrst-watch.sql send it on every CREATE/ALTER/DROP.
 */
export async function createRestService(ctx: StandInContext): Promise<Service> {
  const cache = new SchemaCache(ctx.db, ctx.config.exposedSchemas)
  const unlisten = await ctx.db.listen('pgrst', (payload) => {
    if (payload === '' || payload === 'reload schema') cache.invalidate()
  })
  // `NOTIFY pgrst, 'reload config'`: db-aggregates-enabled / db-plan-enabled read again
  const settings = new RestSettings(ctx.db, ctx.config)
  await settings.listen()
  const handle = createRestHandler(ctx.config, ctx.db, { cache, settings })
  return {
    prefix: '/rest/v1',
    handle,
    // the database may already be closing; nothing to undo then
    close: async () => {
      await unlisten().catch(() => {})
      await settings.close()
    },
  }
}
