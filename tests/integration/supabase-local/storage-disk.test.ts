import { existsSync } from 'node:fs'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startStandIn, type StandIn } from '../../../supabase/local/server.ts'
import { migratedSnapshot } from '../../../supabase/local/testing.ts'
import { clientFor } from '../../helpers/supabase.ts'
import { fixtureMigrations } from '../../helpers/stand-in.ts'

async function filesUnder(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return []
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
}

describe('storage on disk', () => {
  let dataDir = ''
  let running: StandIn | null = null
  afterAll(async () => {
    await running?.stop()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  it('keeps object bytes under the data folder across restarts and deletes them with the object', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'storage-disk-'))
    const { blob } = await migratedSnapshot({ migrationsDir: fixtureMigrations })
    const opts = { port: 0, quiet: true, env: {}, dataDir, migrationsDir: fixtureMigrations, seedFile: null }

    running = await startStandIn({ ...opts, snapshot: blob })
    const first = clientFor(running, 'service_role')
    const up = await first.storage.from('shared').upload('listing 7/front.jpg', Buffer.from('jpeg bytes'), {
      contentType: 'image/jpeg',
    })
    expect(up.error).toBeNull()
    // URLs normalise `..` away, but a copy destination arrives as JSON and may contain one
    const copy = await first.storage.from('shared').copy('listing 7/front.jpg', '../../escape.jpg')
    expect(copy.error).toBeNull()
    const stored = (await filesUnder(path.join(dataDir, 'storage'))).sort()
    expect(stored).toHaveLength(2)
    expect(stored[0]).toMatch(/^shared\/%2E%2E\/%2E%2E\/escape\.jpg\/[0-9a-f-]{36}\.bin$/)
    expect(stored[1]).toMatch(/^shared\/listing%207\/front\.jpg\/[0-9a-f-]{36}\.bin$/)
    await running.stop()

    running = await startStandIn(opts)
    const second = clientFor(running, 'service_role')
    const { data, error } = await second.storage.from('shared').download('listing 7/front.jpg')
    expect(error).toBeNull()
    expect(await data!.text()).toBe('jpeg bytes')

    const removed = await second.storage.from('shared').remove(['listing 7/front.jpg', '../../escape.jpg'])
    expect(removed.data).toHaveLength(2)
    expect(await filesUnder(path.join(dataDir, 'storage'))).toEqual([])
  }, 120_000)
})
