import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiSettingsFromToml } from '../../../supabase/local/config-file.ts'
import { startTestStandIn } from '../../../supabase/local/testing.ts'
import type { StandIn } from '../../../supabase/local/server.ts'
import type { Finding } from '../../../supabase/lint/lint.ts'
import { readAllowlist, review, reviewReport, runLints } from '../../../supabase/lint/run.ts'
import { MIGRATIONS_DIR } from './cast.ts'

// Issue 24, item 10: Supabase's database linter (splinter's lints, supabase/lint) on the migrated
// database, with the API's schemas from supabase/config.toml. Every finding must be reviewed in
// supabase/lint-allowlist.toml (one line on why it is acceptable), and every line there must still
// match a finding. docs/security.md#the-database-linter
const ALLOWLIST = 'supabase/lint-allowlist.toml'

describe('database linter on the migrated database', () => {
  let standIn: StandIn
  let findings: Finding[]
  let allow: Map<string, string>
  beforeAll(async () => {
    standIn = await startTestStandIn({ migrationsDir: MIGRATIONS_DIR, seedFile: null })
    const schemas = apiSettingsFromToml(path.resolve('supabase/config.toml')).schemas
    expect(schemas).toEqual(expect.arrayContaining(['public']))
    findings = await runLints(standIn.db, schemas!)
    allow = readAllowlist(path.resolve(ALLOWLIST))
  }, 120_000)
  afterAll(() => standIn?.stop())

  it('has no finding nobody has reviewed', () => {
    const r = review(findings, allow)
    expect(r.unreviewed.map((f) => f.cache_key), `\n${reviewReport({ unreviewed: r.unreviewed, stale: [] }, ALLOWLIST)}\n`).toEqual([])
  })

  it('has no allowlist line that matches no finding any more', () => {
    const r = review(findings, allow)
    expect(r.stale, `\n${reviewReport({ unreviewed: [], stale: r.stale }, ALLOWLIST)}\n`).toEqual([])
  })

  it('has no ERROR-level security finding at all (those are fixed, never allowlisted)', () => {
    const errors = findings.filter((f) => f.level === 'ERROR')
    expect(errors.map((f) => `${f.name}: ${f.detail}`)).toEqual([])
  })

  it('has no function with a mutable search_path (fixed in a migration, never allowlisted)', () => {
    const mutable = findings.filter((f) => f.name === 'function_search_path_mutable')
    expect(mutable.map((f) => f.detail)).toEqual([])
  })

  it('lists every definer function people may call in docs/security.md, with a real reason here', () => {
    const doc = readFileSync(path.resolve('docs/security.md'), 'utf8')
    const table = doc.slice(doc.indexOf('### Security-definer functions'), doc.indexOf('## What is left'))
    const callable = findings.filter((f) => f.name.endsWith('_security_definer_function_executable'))
    expect(callable.length).toBeGreaterThan(0)
    const missing = callable.map((f) => String(f.metadata.name)).filter((name) => !table.includes(name))
    expect(missing, 'add a row to docs/security.md "Security-definer functions" for each').toEqual([])
    for (const f of callable) expect(allow.get(f.cache_key) ?? '', f.cache_key).not.toMatch(/^TODO|^$/)
  })
})
