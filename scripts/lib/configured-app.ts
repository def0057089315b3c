// A second `next start` of the e2e stack's production build (.next/e2e) with PostHog and Sentry
// configured, pointed at local receivers (tests/helpers/observability-receivers.ts). The services are
// read at run time (docs/observability.md), so the one build serves both this and the unconfigured
// stack on E2E_APP_PORT: no second build. Used by tests/e2e/observability.spec.ts and
// `npm run lighthouse -- --services`. Like the e2e stack, Next sits behind the front door
// (scripts/lib/front-door.ts), so X-Forwarded-For is the socket's address, never a client's.
import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { CLI_ANON_KEY, CLI_SERVICE_ROLE_KEY } from '../../supabase/local/config.ts'
import { standInUrl } from '../../tests/e2e/env.ts'
import { BEHIND_DOOR_ENV, freeLoopbackPort, startFrontDoor } from './front-door.ts'

const root = path.resolve(import.meta.dirname, '..', '..')

export interface ConfiguredApp {
  url: string
  stop(): Promise<void>
}

export async function startConfiguredApp({ port, env }: { port: number; env: Record<string, string> }): Promise<ConfiguredApp> {
  const url = `http://127.0.0.1:${port}`
  const nextPort = await freeLoopbackPort()
  const door = await startFrontDoor({ port, host: '127.0.0.1', targetPort: nextPort })
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next'), 'start', '--port', String(nextPort), '--hostname', '127.0.0.1'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      NEXT_DIST_DIR: '.next/e2e',
      NEXT_PUBLIC_SUPABASE_URL: standInUrl,
      NEXT_PUBLIC_SUPABASE_ANON_KEY: CLI_ANON_KEY,
      SUPABASE_SERVICE_ROLE_KEY: CLI_SERVICE_ROLE_KEY,
      SITE_URL: url,
      AUTH_ADDRESS_LIMIT_SCALE: '50',
      ...env,
      ...BEHIND_DOOR_ENV,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const started = Date.now()
  for (;;) {
    if (child.exitCode !== null) {
      await door.close()
      throw new Error(`next start on ${port} stopped (exit ${child.exitCode}); is the e2e build in .next/e2e?`)
    }
    try {
      if ((await fetch(`${url}/privacy`)).ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 60_000) {
      child.kill('SIGTERM')
      await door.close()
      throw new Error(`next start on ${port} did not answer within a minute`)
    }
    await new Promise((resolve) => setTimeout(resolve, 300))
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
      await door.close()
    },
  }
}
