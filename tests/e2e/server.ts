/**
 * The stack the browser tests run against: the stand-in in memory (migrations + seed, from the
 * cached snapshot) and the app, by default as a production build (`next build` + `next start`,
 * into .next/e2e so the developer's build is untouched); E2E_NEXT=dev uses `next dev` instead.
 * As at `npm run dev`, Next listens on a loopback port behind our front door
 * (scripts/lib/front-door.ts), which answers on E2E_APP_PORT and overwrites X-Forwarded-For with the
 * socket's address: the per-address limits count the real peer, never a header a test wrote.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { PASSWORD_MIN } from '../../lib/constants.ts'
import { startStandIn } from '../../supabase/local/server.ts'
import { migratedSnapshot } from '../../supabase/local/testing.ts'
import { seedVoiceSamples } from '../../scripts/voice-samples.ts'
import { BEHIND_DOOR_ENV, freeLoopbackPort, startFrontDoor } from '../../scripts/lib/front-door.ts'
import { startListingPagesServer } from '../helpers/listing-pages-server.ts'
import { E2E_APP_PORT, E2E_LISTING_PAGES_PORT, E2E_SUPABASE_PORT, appUrl } from './env.ts'

const root = path.resolve(import.meta.dirname, '..', '..')
const migrationsDir = path.join(root, 'supabase', 'migrations')
const seedFile = path.join(root, 'supabase', 'seed.sql')
const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next')
const mode = process.env.E2E_NEXT === 'dev' ? 'dev' : 'build'

function run(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, [nextBin, ...args], { cwd: root, env, stdio: 'inherit' })
}

function finished(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code ?? 1)))
}

async function main() {
  const t0 = Date.now()
  const { blob } = await migratedSnapshot({ migrationsDir, seedFile })
  const standIn = await startStandIn({
    port: E2E_SUPABASE_PORT,
    dataDir: null,
    snapshot: blob,
    migrationsDir,
    seedFile: null,
    quiet: true,
    env: {},
    // supabase/config.toml as in production (confirmations and secure password change on), except:
    // every request comes from the app server's one address during a run, so the per-address limits
    // are raised (the limits themselves are tested in tests/integration/supabase-local)
    auth: {
      minPasswordLength: PASSWORD_MIN,
      siteUrl: appUrl,
      signInRateLimit: { max: 1000, windowMs: 60_000 },
      rateLimits: { signInSignUps: 1000, tokenVerifications: 1000, otp: 1000, anonymousUsers: 1000, tokenRefresh: 1000, emailSent: 10_000 },
    },
  })
  // as at `npm run dev`: the seeded voices' samples (spoken by Flite offline) in storage
  const samples = await seedVoiceSamples(standIn.url, standIn.config.serviceRoleKey)
  console.log(`[e2e] stand-in on ${standIn.url} in ${Date.now() - t0} ms (${samples} voice samples stored)`)

  // saved listing pages to import from (issue 29), the one private host the importer may reach here
  const pages = await startListingPagesServer({ port: E2E_LISTING_PAGES_PORT })
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LISTING_IMPORT_ALLOWED_HOSTS: new URL(pages.origin).host,
    NEXT_TELEMETRY_DISABLED: '1',
    NEXT_DIST_DIR: '.next/e2e',
    NEXT_PUBLIC_SUPABASE_URL: standIn.url,
    NEXT_PUBLIC_SUPABASE_ANON_KEY: standIn.config.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: standIn.config.serviceRoleKey,
    SITE_URL: appUrl,
    // the front door sets X-Forwarded-For from the socket; every test comes from 127.0.0.1, so the
    // per-address limits are scaled up (the per-account ones stay as in production)
    ...BEHIND_DOOR_ENV,
    AUTH_ADDRESS_LIMIT_SCALE: '50',
    // no outside service, whatever the shell has: this stack is the "nothing is sent" case
    // (tests/e2e/observability.spec.ts starts its own configured server: docs/observability.md)
    POSTHOG_KEY: '',
    POSTHOG_HOST: '',
    SENTRY_DSN: '',
    SENTRY_AUTH_TOKEN: '',
  }

  let child: ChildProcess | null = null
  const nextPort = await freeLoopbackPort()
  const door = await startFrontDoor({ port: E2E_APP_PORT, host: '127.0.0.1', targetPort: nextPort })
  // the render worker, rendering the first 11 seconds at a quarter of the size so a test render
  // takes seconds and leaves the cores to the other tests
  const worker = spawn(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(root, 'scripts', 'render-worker.ts')], {
    cwd: root,
    // (330 frames, 11 s: enough to hear the first scene's narration after the title card, narrated-default.spec.ts);
    // runs go through the segment cache as in production, but nothing is rendered ahead: an idle
    // worker rendering every video the tests leave would take the cores from the browser tests
    // (render ahead is tested in tests/integration/videos/render-cache.test.ts)
    env: { ...env, RENDER_SCALE: '0.25', RENDER_MAX_FRAMES: process.env.E2E_RENDER_MAX_FRAMES ?? '330', RENDER_AHEAD: 'off' },
    stdio: 'inherit',
  })
  let stopping = false
  const stop = async (code: number) => {
    if (stopping) return
    stopping = true
    for (const proc of [child, worker]) {
      if (proc && proc.exitCode === null) {
        proc.kill('SIGTERM')
        await finished(proc)
      }
    }
    await door.close()
    await pages.close()
    await standIn.stop()
    process.exit(code)
  }
  process.on('SIGINT', () => void stop(0))
  process.on('SIGTERM', () => void stop(0))

  if (mode === 'build') {
    const t1 = Date.now()
    // E2E_NEXT_BUILD_PROFILE=1: React's profiling build, whose Scheduler track (hydration, renders,
    // cascading updates) shows in a Chromium trace (docs/editor.md, ninth round)
    child = run(['build', ...(process.env.E2E_NEXT_BUILD_PROFILE === '1' ? ['--profile'] : [])], { ...env, NODE_ENV: 'production', NEXT_SKIP_TYPECHECK: '1' })
    const code = await finished(child)
    console.log(`[e2e] next build finished in ${((Date.now() - t1) / 1000).toFixed(1)} s (exit ${code})`)
    if (code !== 0) return stop(code)
    child = run(['start', '--port', String(nextPort), '--hostname', '127.0.0.1'], { ...env, NODE_ENV: 'production' })
  } else {
    // as `npm run dev` starts it; opened at 127.0.0.1 (the door passes the Host on), next dev serves
    // its own resources only because next.config.ts lists the address in allowedDevOrigins (tested)
    child = run(['dev', '--port', String(nextPort), '--hostname', '127.0.0.1'], env)
  }
  const code = await finished(child)
  if (!stopping) await stop(code)
}

main().catch((error) => {
  console.error('[e2e] could not start the stack:', error)
  process.exit(1)
})
