import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import path from 'node:path'

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data folder ${dataDir} is in use by another stand-in (pid ${pid}). ` +
        `PGlite has no lock of its own and two processes on one folder lose writes: stop that process, or use --data DIR / --memory.`,
    )
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Folders held by stand-ins of this process (the pid file cannot tell two of them apart). */
const heldHere = new Set<string>()

/** Takes the data folder for this process; a stale lock of a dead process is taken over. */
export async function acquireLock(dataDir: string): Promise<() => Promise<void>> {
  const key = path.resolve(dataDir)
  if (heldHere.has(key)) throw new DataDirLockedError(dataDir, process.pid)
  await mkdir(dataDir, { recursive: true })
  const file = path.join(path.dirname(key), `${path.basename(key)}.lock`)
  if (existsSync(file)) {
    const pid = Number((await readFile(file, 'utf8')).trim())
    if (pid && pid !== process.pid && alive(pid)) throw new DataDirLockedError(dataDir, pid)
  }
  await writeFile(file, String(process.pid), { flag: 'w' })
  heldHere.add(key)
  let released = false
  return async () => {
    if (released) return
    released = true
    heldHere.delete(key)
    try {
      const pid = Number((await readFile(file, 'utf8')).trim())
      if (pid === process.pid) await rm(file, { force: true })
    } catch {
      /* already gone */
    }
  }
}
