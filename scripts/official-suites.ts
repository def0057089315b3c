/**
 * Runs Supabase's own client test suites against the stand-in and prints pass counts per file: the
 * auth-js, storage-js and postgrest-js test folders and supabase-js's unit and integration tests, of
 * supabase/supabase-js, test bodies unmodified, each with its own `config.toml`, migrations and seed
 * (the stand-in reads them as `supabase --workdir` does; per-suite settings in
 * official-suites-jest.ts). Issue 27; results and what still differs: docs/supabase-local/suites.md.
 *
 *   npm run suites:official -- --repo PATH [--only auth-js|storage-js|postgrest-js|supabase-js] [--workdir DIR]
 *
 * PATH is a supabase-js checkout or its git directory (e.g. the library's snapshot,
 * /work/.mirror/supabase+supabase-js/repo). The suites are copied to DIR (default: a folder under the
 * system's temp dir, kept between runs), their test tools installed there from npm once (jest, ts-jest,
 * typescript 5.8 and the few libraries the tests import, at the versions the repository pins), and
 * run with jest one file at a time. Needs port 54321 free (the suites hard-code it). Not part of
 * `npm test`: CI has no copy of the repository.
 *
 * Besides the two setup changes in official-suites-jest.ts (postgrest-js's PostGIS column, Node 20's
 * WebSocket flag for supabase-js), one setting differs from a plain start, the CLI's own: its GoTrue runs without
 * GOTRUE_RATE_LIMIT_HEADER, and GoTrue applies per-address limits only by that header
 * (internal/api/middleware.go performRateLimitingWithHeader), so the CLI has none; the stand-in counts
 * per socket address by default (docs/supabase-local.md), which a suite of hundreds of sign-ups from
 * one address would trip. The per-address limits are lifted for the run; nothing else is changed.
 */
import { execFileSync, spawn } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { z } from 'zod'
import { startStandIn } from '../supabase/local/server.ts'
import { EXTRA_TOOLS, PARTS, SUITE_SPECS, type SuiteSpec } from './official-suites-jest.ts'

const SUITES = ['auth-js', 'storage-js', 'postgrest-js', 'supabase-js'] as const
type Suite = (typeof SUITES)[number]
// the packages whose runtime dependencies the suites load
const CLIENTS = ['auth-js', 'storage-js', 'postgrest-js', 'realtime-js', 'functions-js']

// the versions supabase-js pins (pnpm-workspace.yaml catalog, packages/core/auth-js/package.json)
const TOOLS = [
  'jest@30.4.2',
  'ts-jest@29.4.15',
  '@types/jest@30.0.0',
  'jest-environment-jsdom@30.4.1',
  'typescript@5.8.3',
  'jsonwebtoken@9.0.3',
  '@types/jsonwebtoken@8.5.9',
  '@faker-js/faker@9.9.0',
  'jest-mock-server@0.1.0',
  'prettier@3.6.2',
  '@types/node@20',
]

const NO_ADDRESS_LIMITS = {
  signInSignUps: 1_000_000,
  otp: 1_000_000,
  tokenVerifications: 1_000_000,
  anonymousUsers: 1_000_000,
  tokenRefresh: 1_000_000,
}

const jestReport = z.object({
  testResults: z.array(
    z.object({
      name: z.string(),
      message: z.string().optional(),
      assertionResults: z.array(z.object({ status: z.string(), fullName: z.string(), failureMessages: z.array(z.string()) })),
    }),
  ),
})

function copySuites(repo: string, into: string) {
  const parts = PARTS
  if (existsSync(path.join(repo, 'packages'))) {
    for (const part of parts) cpSync(path.join(repo, part), path.join(into, part), { recursive: true })
    return
  }
  // a git directory (bare or a snapshot): its HEAD's files
  const archive = execFileSync('git', ['--git-dir', repo, 'archive', 'HEAD', ...parts], { maxBuffer: 1 << 30 })
  execFileSync('tar', ['-x', '-C', into], { input: archive })
}

/** The runtime dependencies the clients' package.json files name (tslib, iceberg-js, …), as pinned there. */
function clientDependencies(dir: string): string[] {
  const deps = new Set<string>()
  for (const suite of CLIENTS) {
    const pkg = z.object({ dependencies: z.record(z.string(), z.string()).default({}) }).parse(JSON.parse(readFileSync(path.join(dir, 'packages/core', suite, 'package.json'), 'utf8')))
    for (const [name, spec] of Object.entries(pkg.dependencies)) {
      if (!spec.startsWith('workspace:')) deps.add(spec.startsWith('catalog:') ? name : `${name}@${spec}`)
    }
  }
  return [...deps]
}

function prepare(repo: string, dir: string) {
  if (!existsSync(path.join(dir, 'packages/core/supabase-js/test')) || !existsSync(path.join(dir, 'packages/shared/tracing'))) {
    mkdirSync(dir, { recursive: true })
    copySuites(repo, dir)
  }
  if (!['.bin/jest', 'iceberg-js', '@supabase/phoenix', '@opentelemetry/sdk-trace-node'].every((m) => existsSync(path.join(dir, 'node_modules', m)))) {
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'official-suites', private: true }))
    console.log(`[suites] installing the test tools and the clients' own dependencies in ${dir} (once)`)
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--legacy-peer-deps', ...TOOLS, ...EXTRA_TOOLS, ...clientDependencies(dir)], { cwd: dir, stdio: 'inherit' })
  }
  const keys = path.join(dir, 'packages/core/auth-js/test/supabase/signing_keys.json')
  if (!existsSync(keys)) execFileSync('node', ['generate-signing-keys.js'], { cwd: path.dirname(path.dirname(keys)), stdio: 'ignore' })
}

interface FileCount {
  file: string
  passed: number
  failed: number
  skipped: number
  note: string
}

async function runSuite(dir: string, suite: Suite): Promise<FileCount[]> {
  const pkg = path.join(dir, 'packages/core', suite)
  const spec: SuiteSpec = SUITE_SPECS[suite]
  const config = path.join(pkg, 'jest.suites.config.js')
  writeFileSync(config, spec.config)
  for (const patch of spec.patches ?? []) {
    const file = path.join(pkg, patch.file)
    writeFileSync(file, readFileSync(file, 'utf8').replace(patch.from, patch.to))
  }
  const standIn = await startStandIn({ workdir: path.join(pkg, spec.workdir), port: 54321, dataDir: null, auth: { rateLimits: NO_ADDRESS_LIMITS } })
  const out = path.join(dir, `${suite}.json`)
  try {
    const started = Date.now()
    // asynchronously: the stand-in answers from this process's event loop meanwhile
    await new Promise<void>((resolve, reject) => {
      const jest = spawn(path.join(dir, 'node_modules/.bin/jest'), ['-c', config, '--json', `--outputFile=${out}`, '--runInBand', ...spec.paths], {
        cwd: pkg,
        stdio: 'ignore',
        env: { ...process.env, USE_MOCK_SERVER: 'true', ...(spec.nodeOptions ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} ${spec.nodeOptions}`.trim() } : {}) },
      })
      jest.on('error', reject)
      jest.on('close', () => resolve())
    })
    console.log(`[suites] ${suite}: ${((Date.now() - started) / 1000).toFixed(0)} s`)
  } finally {
    await standIn.stop()
  }
  const report = jestReport.parse(JSON.parse(readFileSync(out, 'utf8')))
  return report.testResults
    .map((file) => {
      const count = (status: string) => file.assertionResults.filter((a) => a.status === status).length
      return {
        file: path.relative(path.join(pkg, 'test'), file.name),
        passed: count('passed'),
        failed: count('failed'),
        // jest's own statuses for tests the suite itself marks it.skip / it.todo (none are skipped here)
        skipped: count('pending') + count('skipped') + count('todo'),
        note: file.assertionResults.length === 0 && file.message ? file.message.split('\n').find((l) => l.trim())?.trim().slice(0, 80) ?? '' : '',
      }
    })
    .sort((a, b) => a.file.localeCompare(b.file))
}

function print(suite: Suite, counts: FileCount[]) {
  console.log(`\n${suite}`)
  console.table(counts.map(({ file, passed, failed, skipped, note }) => ({ file, passed, failed, skipped, ...(note ? { note } : {}) })))
  const passed = counts.reduce((n, c) => n + c.passed, 0)
  const failed = counts.reduce((n, c) => n + c.failed, 0)
  console.log(`${suite}: ${passed} of ${passed + failed} passed (${((100 * passed) / Math.max(1, passed + failed)).toFixed(1)} %)`)
}

async function main() {
  const { values } = parseArgs({ options: { repo: { type: 'string' }, only: { type: 'string' }, workdir: { type: 'string' } } })
  if (!values.repo) throw new Error('--repo PATH: a supabase-js checkout or its git directory')
  const only = values.only ? z.enum(SUITES).parse(values.only) : null
  const dir = path.resolve(values.workdir ?? path.join(tmpdir(), 'supabase-official-suites'))
  prepare(path.resolve(values.repo), dir)
  for (const suite of only ? [only] : SUITES) print(suite, await runSuite(dir, suite))
}

await main()
