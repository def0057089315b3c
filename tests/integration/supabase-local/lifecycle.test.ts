import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startStandIn, type StandIn } from '../../../supabase/local/server.ts'
import { MigrationError } from '../../../supabase/local/db.ts'
import { DataDirLockedError } from '../../../supabase/local/lock.ts'
import { CLI_ANON_KEY, CLI_SERVICE_ROLE_KEY } from '../../../supabase/local/config.ts'
import { clientFor } from '../../helpers/supabase.ts'

const running: StandIn[] = []
const folders: string[] = []
const children: ChildProcess[] = []

async function tempProject() {
  const root = await mkdtemp(path.join(os.tmpdir(), 'sl-life-'))
  folders.push(root)
  const migrations = path.join(root, 'migrations')
  await mkdir(migrations)
  return { root, migrations, data: path.join(root, 'data'), seed: path.join(root, 'seed.sql') }
}

async function start(opts: Parameters<typeof startStandIn>[0]) {
  const s = await startStandIn({ port: 0, quiet: true, env: {}, ...opts })
  running.push(s)
  return s
}

afterEach(async () => {
  // a failed assertion must not leave a stand-in process behind
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL')
  for (const s of running.splice(0)) await s.stop()
  for (const f of folders.splice(0)) await rm(f, { recursive: true, force: true })
})

describe('stand-in lifecycle', { timeout: 180_000 }, () => {
  it('applies migrations in file-name order, records them, and on restart applies only new ones', async () => {
    const p = await tempProject()
    await writeFile(path.join(p.migrations, '002_second.sql'), `alter table public.notes add column pinned boolean default false;`)
    await writeFile(path.join(p.migrations, '001_first.sql'), `create table public.notes (id int primary key, body text);`)
    const first = await start({ dataDir: p.data, migrationsDir: p.migrations, seedFile: null })
    expect(first.appliedMigrations).toEqual(['001_first.sql', '002_second.sql'])
    await first.db.query(`insert into public.notes (id, body) values (1, 'kept')`)
    await first.stop()

    await writeFile(path.join(p.migrations, '003_third.sql'), `alter table public.notes add column color text;`)
    const second = await start({ dataDir: p.data, migrationsDir: p.migrations, seedFile: null })
    expect(second.appliedMigrations).toEqual(['003_third.sql'])
    const rows = await second.db.query(`select id, body, pinned, color from public.notes`)
    expect(rows.rows).toEqual([{ id: 1, body: 'kept', pinned: false, color: null }])
  })

  it('stops start-up at a failing migration, naming the file and the Postgres error', async () => {
    const p = await tempProject()
    await writeFile(path.join(p.migrations, '001_ok.sql'), `create table public.a (id int);`)
    await writeFile(path.join(p.migrations, '002_broken.sql'), `create table public.b (id int references public.nope(id));`)
    const err = await startStandIn({ port: 0, quiet: true, env: {}, dataDir: null, migrationsDir: p.migrations, seedFile: null }).catch((e) => e)
    expect(err).toBeInstanceOf(MigrationError)
    expect(err.message).toContain('002_broken.sql')
    expect(err.message).toMatch(/relation "public.nope" does not exist/)
  })

  it('applies the seed once, on a fresh database only', async () => {
    const p = await tempProject()
    await writeFile(path.join(p.migrations, '001.sql'), `create table public.visits (n int);`)
    await writeFile(p.seed, `insert into public.visits values (1);`)
    const first = await start({ dataDir: p.data, migrationsDir: p.migrations, seedFile: p.seed })
    expect(first.seeded).toBe(true)
    await first.stop()
    const second = await start({ dataDir: p.data, migrationsDir: p.migrations, seedFile: p.seed })
    expect(second.seeded).toBe(false)
    expect((await second.db.query(`select count(*)::int as n from public.visits`)).rows).toEqual([{ n: 1 }])
  })

  it('refuses a second stand-in on the same data folder', async () => {
    const p = await tempProject()
    await start({ dataDir: p.data, migrationsDir: p.migrations, seedFile: null })
    const err = await startStandIn({ port: 0, quiet: true, env: {}, dataDir: p.data, migrationsDir: p.migrations, seedFile: null }).catch((e) => e)
    expect(err).toBeInstanceOf(DataDirLockedError)
    expect(err.message).toMatch(/in use by another stand-in/)
  })

  it('loads another project’s migrations and seed with extensions they ask for', async () => {
    const p = await tempProject()
    await writeFile(
      path.join(p.migrations, '20240101000000_init.sql'),
      `create extension if not exists "uuid-ossp" with schema extensions;
       create extension if not exists citext with schema extensions;
       create table public.accounts (id uuid primary key default extensions.uuid_generate_v4(), email extensions.citext unique);`,
    )
    await writeFile(p.seed, `insert into public.accounts (email) values ('Ann@Example.com');`)
    const s = await start({ dataDir: null, migrationsDir: p.migrations, seedFile: p.seed })
    const r = await s.db.query(`select count(*)::int as n from public.accounts where email = 'ann@example.com'`)
    expect(r.rows).toEqual([{ n: 1 }])
  })

  it('shuts down on SIGTERM without losing committed writes', async () => {
    const p = await tempProject()
    await writeFile(
      path.join(p.migrations, '001.sql'),
      `create table public.events (id int primary key, label text); grant all on public.events to service_role;`,
    )
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'supabase/local/cli.ts', '--port', '0', '--no-db-port', '--data', p.data, '--migrations', p.migrations, '--no-seed'],
      { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env } },
    )
    children.push(child)
    const url = await new Promise<string>((resolve, reject) => {
      let out = ''
      child.stdout.on('data', (d) => {
        out += d
        const m = out.match(/API URL\s+(http:\/\/\S+)/)
        if (m) resolve(m[1])
      })
      child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)))
    })
    const service = clientFor({ url, config: { anonKey: CLI_ANON_KEY, serviceRoleKey: CLI_SERVICE_ROLE_KEY } }, 'service_role')
    const { error } = await service.from('events').insert({ id: 7, label: 'before shutdown' })
    expect(error).toBeNull()
    const exit = new Promise<number | null>((resolve) => child.on('exit', resolve))
    child.kill('SIGTERM')
    expect(await exit).toBe(0)

    const again = await start({ dataDir: p.data, migrationsDir: p.migrations, seedFile: null })
    expect((await again.db.query(`select label from public.events`)).rows).toEqual([{ label: 'before shutdown' }])
  })
})
