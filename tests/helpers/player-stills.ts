import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Browser } from 'playwright-core'
import { browserExecutable, root } from '../../worker/remotion-local'
import { bundlePage } from '../../worker/web-bundle'
import { collectUrls, swapUrls, WebRenderServer } from '../../worker/web-server'
import type { VideoProps } from '../../remotion/schema'

/**
 * Stills of a composition as the Player shows them, for comparing a render with what the editor
 * showed: a page with @remotion/player's <Thumbnail>, served by the worker's own server (so the
 * team's media loads the same way), screenshotted by the system Chromium.
 */
export async function openPlayerStills() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'player-stills-'))
  await bundlePage({ entry: path.join(root, 'tests/helpers/player-still-page.tsx'), dir, body: '<div id="still" style="display:inline-block"></div>' })
  const server = new WebRenderServer(dir, path.join(root, 'public'))
  await server.start()
  const browser: Browser = await chromium.launch({ executablePath: browserExecutable, args: ['--no-sandbox', '--disable-gpu'] })
  const page = await browser.newPage({ viewport: { width: 1200, height: 1200 } })
  await page.goto(`${server.origin}/index.html`)
  return {
    /** A PNG of `frame` at width × height CSS pixels. */
    async still(request: { compositionId: string; props: VideoProps; frame: number; durationInFrames: number; fps: number; width: number; height: number }): Promise<Buffer> {
      // the test's own signed URLs: their origins are the ones this job may fetch (issue 24)
      const urls = collectUrls(request.props)
      const job = server.openJob(urls, new Map(), [...new Set(urls.map((u) => new URL(u).origin))])
      const local = swapUrls(request.props, job.local)
      try {
        await page.evaluate((r) => window.showStill(r), { ...request, props: local })
        return await page.locator('#still').screenshot({ type: 'png' })
      } finally {
        job.close()
      }
    },
    async close() {
      await browser.close()
      await server.close()
      await rm(dir, { recursive: true, force: true })
    },
  }
}
