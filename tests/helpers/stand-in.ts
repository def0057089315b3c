import path from 'node:path'
import { startTestStandIn } from '../../supabase/local/testing.ts'

/** The fixture schema the stand-in's own tests run on (not the app's). */
export const fixtureMigrations = path.resolve(import.meta.dirname, '../fixtures/supabase-local/migrations')

export function startFixtureStandIn(opts: Parameters<typeof startTestStandIn>[0] extends infer O ? Partial<O> : never = {}) {
  return startTestStandIn({ migrationsDir: fixtureMigrations, ...opts })
}
