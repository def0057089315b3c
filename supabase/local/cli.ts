import { existsSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { startStandIn } from './server.ts'
import { MigrationError } from './db.ts'
import { DataDirLockedError } from './lock.ts'

const usage = `Usage: npm run supabase:local -- [options]

  --workdir DIR       the project folder, as \`supabase --workdir\`: DIR/supabase/config.toml, its
                      migrations and [db.seed] files, data in DIR/.supabase-local/data (default: here)
  --port N            port to listen on (default 54321, the Supabase CLI's)
  --data DIR          data folder (default .supabase-local/data)
  --memory            keep everything in memory (nothing survives a restart)
  --migrations DIR    migrations to apply in file-name order (default supabase/migrations)
  --seed FILE         SQL applied once on a fresh database (default supabase/seed.sql)
  --no-seed           do not apply a seed
  --reset             start over: delete the database, then migrate and seed again
  --db-port N         Postgres wire protocol for \`npm run db:psql\` (default 54322; 0 = any; off with --no-db-port)
  -h, --help          this text`

async function main() {
  const { values } = parseArgs({
    options: {
      workdir: { type: 'string' },
      port: { type: 'string' },
      data: { type: 'string' },
      memory: { type: 'boolean', default: false },
      migrations: { type: 'string' },
      seed: { type: 'string' },
      'no-seed': { type: 'boolean', default: false },
      reset: { type: 'boolean', default: false },
      'db-port': { type: 'string', default: '54322' },
      'no-db-port': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) {
    console.log(usage)
    return
  }
  const port = values.port === undefined ? undefined : Number(values.port)
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535)) {
    throw new Error(`--port must be a whole number from 0 to 65535, got "${values.port}"`)
  }
  const workdir = values.workdir ? path.resolve(values.workdir) : undefined
  if (workdir && !existsSync(path.join(workdir, 'supabase'))) {
    throw new Error(`--workdir ${values.workdir}: no supabase/ folder there (the Supabase CLI's project layout: supabase/config.toml, supabase/migrations)`)
  }
  const started = Date.now()
  const standIn = await startStandIn({
    workdir,
    port,
    dataDir: values.memory ? null : values.data ? path.resolve(values.data) : undefined,
    migrationsDir: values.migrations ? path.resolve(values.migrations) : undefined,
    seedFile: values['no-seed'] ? null : values.seed ? path.resolve(values.seed) : undefined,
    reset: values.reset,
    dbPort: values['no-db-port'] ? undefined : Number(values['db-port']),
  })
  const { config } = standIn
  console.log(`
Local Supabase is running (${Date.now() - started} ms)

  API URL          ${standIn.url}
  REST             ${standIn.url}/rest/v1
  Auth             ${standIn.url}/auth/v1
  Storage          ${standIn.url}/storage/v1
  Realtime         ${standIn.url.replace('http', 'ws')}/realtime/v1
  Mailbox          ${standIn.url}/mailbox
  SQL (psql)       ${standIn.dbPort ? `postgresql://postgres@${config.host}:${standIn.dbPort}/postgres  (npm run db:psql)` : 'off'}
  Project          ${workdir ?? process.cwd()}
  Data             ${config.dataDir ?? 'in memory'}
  Migrations       ${standIn.appliedMigrations.length} applied now${standIn.seeded ? ', seed applied' : ''}

  anon key         ${config.anonKey}
  service_role key ${config.serviceRoleKey}
  publishable key  ${config.publishableKey}
  secret key       ${config.secretKey}
`)
  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(`\n[supabase-local] ${signal}: stopping…`)
    await standIn.stop()
    console.log('[supabase-local] stopped; data is saved')
    process.exit(0)
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
}

main().catch((err) => {
  if (err instanceof MigrationError || err instanceof DataDirLockedError) {
    console.error(`[supabase-local] ${err.message}`)
  } else {
    console.error('[supabase-local] could not start:', err)
  }
  process.exit(1)
})
