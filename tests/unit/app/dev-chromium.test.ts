import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ensureChromium } from '../../../scripts/lib/chromium'

// Issue 26, item 13: `npm run dev` does the tests' Chromium check (scripts/ensure-chromium.sh) before it
// starts the render worker, and gives the worker the Chromium it found; when there is none it says
// exactly what to run instead of a worker that stops.
describe('the render worker\'s Chromium check', () => {
  const system = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p))

  it('a CHROMIUM_PATH that is not a browser: a message naming it and what to run', async () => {
    const result = await ensureChromium({ ...process.env, REMOTION_CHROMIUM: '', CHROMIUM_PATH: '/nonexistent/chromium' })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.message).toContain("CHROMIUM_PATH is set to '/nonexistent/chromium' but that is not an executable file")
    expect(result.message).toContain('run `bash scripts/ensure-chromium.sh`')
  })

  it('a REMOTION_CHROMIUM that is not a browser is refused the same way', async () => {
    const result = await ensureChromium({ ...process.env, REMOTION_CHROMIUM: '/nonexistent/chrome' })
    expect(result).toEqual({ ok: false, message: expect.stringContaining("REMOTION_CHROMIUM is set to '/nonexistent/chrome'") })
  })

  it.skipIf(!system)('finds the system Chromium the tests use', async () => {
    const env = { ...process.env }
    delete env.REMOTION_CHROMIUM
    delete env.CHROMIUM_PATH
    expect(await ensureChromium(env)).toEqual({ ok: true, path: system })
  })
})
