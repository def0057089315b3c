// Prints every finding of the project's database linter (supabase/lint, splinter's lints) on a fresh
// database migrated from supabase/migrations, and what the allowlist says of it:
//   npx tsx scripts/db-lint.ts           findings not yet reviewed, stale allowlist entries
//   npx tsx scripts/db-lint.ts --all     every finding, reviewed or not (with its reason)
//   npx tsx scripts/db-lint.ts --json    every finding as JSON, in splinter's result shape
// The same check runs in `npm test` (tests/integration/app/db-lint.test.ts).
import path from 'node:path'
import { apiSettingsFromToml } from '../supabase/local/config-file.ts'
import { startTestStandIn } from '../supabase/local/testing.ts'
import { readAllowlist, review, reviewReport, runLints } from '../supabase/lint/run.ts'

const root = path.resolve(import.meta.dirname, '..')
const ALLOWLIST = 'supabase/lint-allowlist.toml'

async function main() {
  const args = new Set(process.argv.slice(2))
  const schemas = apiSettingsFromToml(path.join(root, 'supabase/config.toml')).schemas ?? ['public', 'graphql_public']
  const standIn = await startTestStandIn({ migrationsDir: path.join(root, 'supabase/migrations'), seedFile: null })
  try {
    const findings = await runLints(standIn.db, schemas)
    if (args.has('--json')) {
      console.log(JSON.stringify(findings, null, 2))
      return
    }
    const allow = readAllowlist(path.join(root, ALLOWLIST))
    if (args.has('--all')) {
      for (const f of findings) {
        console.log(`${f.level} ${f.name}: ${f.detail}\n  ${f.cache_key}\n  ${allow.get(f.cache_key) ?? 'NOT REVIEWED'}\n`)
      }
    }
    const r = review(findings, allow)
    console.log(reviewReport(r, ALLOWLIST) || `${findings.length} finding(s), all reviewed in ${ALLOWLIST}.`)
    process.exitCode = r.unreviewed.length || r.stale.length ? 1 : 0
  } finally {
    await standIn.stop()
  }
}

await main()
