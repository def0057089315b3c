import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStandIn, type StandIn } from '../../../supabase/local/server.ts'
import { clientFor } from '../../helpers/supabase.ts'

// `--workdir DIR` as `supabase --workdir DIR`: another project's supabase/config.toml, migrations and
// [db.seed] files, not this one's.

function project(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'workdir-project-'))
  mkdirSync(path.join(dir, 'supabase', 'migrations'), { recursive: true })
  mkdirSync(path.join(dir, 'supabase', 'seeds'), { recursive: true })
  writeFileSync(
    path.join(dir, 'supabase', 'config.toml'),
    ['project_id = "elsewhere"', '[api]', 'schemas = ["public"]', 'max_rows = 2', '[auth]', 'enable_signup = false', '[db.seed]', 'enabled = true', 'sql_paths = ["./seeds/*.sql", "./missing.sql"]', ''].join('\n'),
  )
  writeFileSync(
    path.join(dir, 'supabase', 'migrations', '20260101000000_notes.sql'),
    'create table public.notes (id int primary key, body text not null);\ngrant select on public.notes to anon;\n',
  )
  writeFileSync(path.join(dir, 'supabase', 'seeds', '01_first.sql'), "insert into public.notes values (1, 'first');\n")
  writeFileSync(path.join(dir, 'supabase', 'seeds', '02_second.sql'), "insert into public.notes values (2, 'second'), (3, 'third');\n")
  return dir
}

describe('the stand-in for another project (--workdir)', () => {
  let dir: string
  let standIn: StandIn
  beforeAll(async () => {
    dir = project()
    standIn = await startStandIn({ workdir: dir, port: 0, dataDir: null, quiet: true })
  })
  afterAll(() => standIn?.stop())

  it("applies that project's migrations and every seed file of [db.seed], in order", async () => {
    expect(standIn.appliedMigrations).toEqual(['20260101000000_notes.sql'])
    expect(standIn.seeded).toBe(true)
    const service = clientFor(standIn, 'service_role')
    const { data } = await service.from('notes').select('id, body').order('id').limit(10)
    // [api] max_rows = 2 of that project caps the answer
    expect(data).toEqual([
      { id: 1, body: 'first' },
      { id: 2, body: 'second' },
    ])
  })

  it("follows that project's [auth] settings", async () => {
    const { error } = await clientFor(standIn).auth.signUp({ email: 'someone@example.test', password: 'correct-horse-9' })
    expect(error).toMatchObject({ status: 422, code: 'signup_disabled' })
    expect(standIn.config.dataDir).toBeNull()
  })

  it('is a flag of npm run supabase:local, which refuses a folder without supabase/', async () => {
    const cli = path.resolve(import.meta.dirname, '../../../supabase/local/cli.ts')
    const run = (args: string[]) =>
      new Promise<{ out: string; code: number | null }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
        let out = ''
        const onData = (chunk: Buffer) => {
          out += chunk.toString()
          if (out.includes('anon key')) child.kill('SIGTERM')
        }
        child.stdout.on('data', onData)
        child.stderr.on('data', onData)
        child.on('exit', (code) => resolve({ out, code }))
      })
    const started = await run(['--workdir', dir, '--memory', '--port', '0', '--no-db-port'])
    expect(started.out).toContain(`Project          ${dir}`)
    expect(started.out).toMatch(/Migrations\s+1 applied now, seed applied/)
    const refused = await run(['--workdir', mkdtempSync(path.join(os.tmpdir(), 'workdir-empty-')), '--memory', '--port', '0', '--no-db-port'])
    expect(refused.out).toContain('no supabase/ folder there')
    expect(refused.code).not.toBe(0)
  }, 60_000)
})
