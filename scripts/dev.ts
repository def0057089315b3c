/**
 * `npm run dev`: the embedded Supabase stand-in (in this process, data in .supabase-local) and
 * `next dev` (a child process) together. Ctrl-C stops both; if either dies, the other is stopped.
 * With NEXT_PUBLIC_SUPABASE_URL pointing at a hosted project, only Next starts.
 * Next listens on a loopback port behind our own front door (scripts/lib/front-door.ts), which
 * answers on the app's port and overwrites X-Forwarded-For with each visitor's real address.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { PASSWORD_MIN } from '../lib/constants.ts'
import { startStandIn, type StandIn } from '../supabase/local/server.ts'
import { DataDirLockedError } from '../supabase/local/lock.ts'
import { MigrationError } from '../supabase/local/db.ts'
import { seedDemoListing } from './demo-listing.ts'
import { seedVoiceSamples } from './voice-samples.ts'
import { BEHIND_DOOR_ENV, freeLoopbackPort, startFrontDoor, type FrontDoor } from './lib/front-door.ts'
import { ensureChromium } from './lib/chromium.ts'

const DEMO_PASSWORD = 'demo-password-1'
const DEMO_ACCOUNTS = [
  ['owner@demo.test', 'owner of the demo team "Harbour Realty"'],
  ['member@demo.test', 'member of "Harbour Realty"'],
  ['admin@demo.test', 'administrator (/admin)'],
]

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.PORT ?? '3000' },
    'supabase-port': { type: 'string', default: '54321' },
    reset: { type: 'boolean', default: false },
    memory: { type: 'boolean', default: false },
    // the render worker (scripts/render-worker.ts) starts beside Next unless told not to
    'no-worker': { type: 'boolean', default: false },
  },
})

const root = path.resolve(import.meta.dirname, '..')
const appPort = Number(values.port)
const appUrl = `http://localhost:${appPort}`

function isHostedSupabase(): boolean {
  const url = process.env.NEXT_PUBLIC_SUPABASE_URL
  if (!url) return false
  const { hostname } = new URL(url)
  return !['127.0.0.1', 'localhost', '::1'].includes(hostname)
}

async function main() {
  let standIn: StandIn | null = null
  // the links in emails point at the address this command prints
  const env: NodeJS.ProcessEnv = {
    SITE_URL: appUrl,
    ...process.env,
    NEXT_TELEMETRY_DISABLED: '1',
    // Next sits behind our front door, which overwrites X-Forwarded-For with the socket's address:
    // the header is trusted because a proxy that sets it really is there (never a client's value).
    // Not overridable from the shell: the door always replaces the header, whatever was configured.
    ...BEHIND_DOOR_ENV,
  }

  if (!isHostedSupabase()) {
    const started = Date.now()
    standIn = await startStandIn({
      port: Number(values['supabase-port']),
      dataDir: values.memory ? null : undefined,
      reset: values.reset,
      quiet: true,
      auth: { minPasswordLength: PASSWORD_MIN, siteUrl: appUrl },
    })
    env.NEXT_PUBLIC_SUPABASE_URL = standIn.url
    env.NEXT_PUBLIC_SUPABASE_ANON_KEY = standIn.config.anonKey
    env.SUPABASE_SERVICE_ROLE_KEY = standIn.config.serviceRoleKey
    const migrations = standIn.appliedMigrations.length
    // the seed SQL cannot upload files; the demo listing's photos go through storage here, once
    const demoListing = await seedDemoListing(standIn.url, standIn.config.serviceRoleKey).catch((error: Error) => {
      console.error(`\n  Could not add the demo listing (the app works without it): ${error.message}`)
      return false
    })
    // the seeded Flite voices' samples, spoken offline, stored once
    const voiceSamples = await seedVoiceSamples(standIn.url, standIn.config.serviceRoleKey).catch((error: Error) => {
      console.error(`\n  Could not make the voice samples (the voices work without them): ${error.message}`)
      return 0
    })
    console.log(`
  Local Supabase ready in ${Date.now() - started} ms (${standIn.config.dataDir ?? 'in memory'})
  ${migrations ? `${migrations} new migration(s) applied` : 'migrations up to date'}${standIn.seeded ? ', demo data seeded' : ''}${demoListing ? ', demo listing with photos added' : ''}${voiceSamples ? `, ${voiceSamples} voice samples made` : ''}

    App        ${appUrl}
    Supabase   ${standIn.url}
    Mailbox    ${standIn.url}/mailbox   (every email the app sends lands here)

  Demo sign-ins (password ${DEMO_PASSWORD}):
${DEMO_ACCOUNTS.map(([email, what]) => `    ${email.padEnd(18)} ${what}`).join('\n')}

  Starting Next.js… (Ctrl-C stops everything)
`)
  } else {
    console.log(`\n  Using the hosted Supabase at ${process.env.NEXT_PUBLIC_SUPABASE_URL}\n  App ${appUrl}\n`)
  }

  // The render worker's Chromium, before Next starts (apt may ask for a password): the same check as
  // the tests' (scripts/ensure-chromium.sh, which installs Debian's package where it may). Without a
  // Chromium the app runs on without the worker, this says what to run, and the video page says that
  // no worker is taking renders.
  const chromium = values['no-worker'] ? null : await ensureChromium(env)
  if (chromium?.ok) env.REMOTION_CHROMIUM = chromium.path
  else if (chromium) console.error(`\n  No render worker: ${chromium.message.replace(/\n/g, '\n  ')}\n  The app runs on; renders wait in the queue.\n`)

  // Next only on loopback (nothing reaches it around the door); the door on the app's port, on every
  // interface as `next dev` itself would listen
  const nextPort = await freeLoopbackPort()
  const door: FrontDoor = await startFrontDoor({ port: appPort, targetPort: nextPort })
  console.log(`  (Next.js reports its own port ${nextPort} below: that is behind the front door; open ${appUrl})\n`)
  const next: ChildProcess = spawn(
    process.execPath,
    [path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next'), 'dev', '--port', String(nextPort), '--hostname', '127.0.0.1'],
    { cwd: root, env, stdio: 'inherit' },
  )

  // the render worker: renders queued runs in the system Chromium (its own process, so a long render
  // never slows the pages)
  const worker: ChildProcess | null = !chromium?.ok
    ? null
    : spawn(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(root, 'scripts', 'render-worker.ts')], {
        cwd: root,
        env,
        stdio: 'inherit',
      })

  worker?.on('exit', (code) => {
    // the app keeps running without it: renders wait in the queue until a worker starts
    if (!stopping && code) console.error('\n  The render worker stopped (see above); the app runs on, renders wait in the queue.\n')
  })

  let stopping = false
  const stop = async (code: number) => {
    if (stopping) return
    stopping = true
    for (const child of [next, worker]) {
      if (child && child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM')
        await new Promise((resolve) => child.once('exit', resolve))
      }
    }
    await door.close()
    if (standIn) {
      await standIn.stop()
      const kept = standIn.config.dataDir ? `; data is kept in ${path.relative(root, standIn.config.dataDir)}` : ''
      console.log(`\n  Local Supabase stopped${kept}.`)
    }
    process.exit(code)
  }

  next.on('exit', (code, signal) => {
    if (!stopping) console.error(`\n  Next.js exited (${signal ?? code}); stopping.`)
    void stop(code ?? 0)
  })
  process.on('SIGINT', () => void stop(0))
  process.on('SIGTERM', () => void stop(0))
}

main().catch((error) => {
  if (error instanceof DataDirLockedError || error instanceof MigrationError) {
    console.error(`\n  ${error.message}\n`)
  } else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    const port = (error as { port?: number }).port ?? values['supabase-port']
    console.error(`\n  Port ${port} is in use: is another \`npm run dev\` or \`npm run supabase:local\` running?\n`)
  } else {
    console.error(error)
  }
  process.exit(1)
})
