// The render worker's Chromium, found the way the tests find theirs (scripts/ensure-chromium.sh):
// REMOTION_CHROMIUM when set, else CHROMIUM_PATH, else chromium on the PATH, else Debian's package
// through apt-get where this machine may install it; otherwise a message that says exactly what to run.
import { spawn } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..', '..')
export const ENSURE_SCRIPT = path.join(root, 'scripts', 'ensure-chromium.sh')

export type ChromiumCheck = { ok: true; path: string } | { ok: false; message: string }

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/** Finds (or installs) a Chromium for the worker. `echo` receives the script's own lines as they come (apt's progress). */
export async function ensureChromium(env: NodeJS.ProcessEnv = process.env, echo: (line: string) => void = () => {}): Promise<ChromiumCheck> {
  const set = env.REMOTION_CHROMIUM
  if (set) {
    return executable(set)
      ? { ok: true, path: set }
      : { ok: false, message: `REMOTION_CHROMIUM is set to '${set}', which is not an executable file: point it at a Chromium, or unset it and run \`bash scripts/ensure-chromium.sh\`.` }
  }
  const child = spawn('bash', [ENSURE_SCRIPT], { env, stdio: ['inherit', 'pipe', 'pipe'] })
  let out = ''
  const said: string[] = []
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    for (const line of chunk.split('\n').filter(Boolean)) {
      said.push(line)
      echo(line)
    }
  })
  const code = await new Promise<number>((resolve) => {
    child.on('error', () => resolve(127))
    child.on('close', (c) => resolve(c ?? 1))
  })
  const found = out.trim().split('\n').pop() ?? ''
  if (code === 0 && found && executable(found)) return { ok: true, path: found }
  const why = said.at(-1) ?? `scripts/ensure-chromium.sh exited with ${code}`
  return {
    ok: false,
    message: `${why}\nThe render worker needs it: run \`bash scripts/ensure-chromium.sh\` (as root, or with sudo, it installs Debian's chromium; on other systems install Chromium or Chrome and set CHROMIUM_PATH), then start \`npm run dev\` again.`,
  }
}
