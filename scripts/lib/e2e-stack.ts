// The end-to-end stack (in-memory stand-in + production build of the app + render worker, as
// `npm run test:e2e` runs it) for scripts that measure the real app: reused when already up.
import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { appUrl } from '../../tests/e2e/env.ts'

const root = path.resolve(import.meta.dirname, '..', '..')

async function up(): Promise<boolean> {
  try {
    return (await fetch(`${appUrl}/privacy`)).ok
  } catch {
    return false
  }
}

/** Starts the stack unless one answers already; the child to stop afterwards, or null. */
export async function startStack(): Promise<ChildProcess | null> {
  if (await up()) return null
  console.log('starting the e2e stack (stand-in + next build + next start + worker)…')
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'tests/e2e/server.ts')], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], detached: true })
  const started = Date.now()
  while (!(await up())) {
    if (child.exitCode !== null) throw new Error('the e2e stack stopped before it was ready')
    if (Date.now() - started > 420_000) throw new Error('the e2e stack was not ready within 7 minutes')
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
  console.log(`stack ready in ${((Date.now() - started) / 1000).toFixed(0)} s`)
  return child
}

/** Stops a stack this script started (the whole process group). */
export function stopStack(child: ChildProcess | null): void {
  if (child?.pid) {
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {
      // already gone
    }
  }
}
