import os from 'node:os'
import path from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import type { WebRenderPart, WebRenderSupport } from '@/remotion/web-render/protocol'
import { runFf } from './ffmpeg'
import type { RenderJob, RenderProgress } from './local-renderer'
import { browserExecutable, root } from './remotion-local'
import { bundleWebRenderPage, WEB_BUNDLE_DIR } from './web-bundle'
import { collectUrls, swapUrls, WebRenderServer } from './web-server'
import { joinParts, KEYFRAME_SECONDS, splitFrames, videoBitrateFor } from './web-parts'
import { renderWithCache } from './segments/render'

/*
 * The fast local path: the compositions rendered inside the system Chromium by @remotion/web-renderer
 * with HTML-in-canvas (Chromium paints each frame straight into a canvas; no screenshot), encoded
 * there with WebCodecs, the frame range split over two tabs (one per core) and the parts joined by
 * ffmpeg without re-encoding the video. Measured here: ≈ 2.5–3× Remotion's renderMedia (see
 * docs/renders.md, `npm run bench:render`). Chromium must have the experimental API
 * (--enable-features=CanvasDrawElement, Chromium ≥ 156); `ready()` checks it and the worker falls
 * back to renderMedia (worker/fallback-renderer.ts) when it is missing or a render fails.
 */

export class WebRenderUnsupported extends Error {}

export interface WebRendererOptions {
  /** tabs rendering at once (each takes a core); default: 2, or 1 on a one-core machine */
  pages?: number
  /** false starts Chromium without the HTML-in-canvas feature (tests prove the fallback with it) */
  htmlInCanvas?: boolean
}

export class WebRenderer {
  private readyPromise: Promise<void> | null = null
  private browser: Browser | null = null
  private tabs: { context: BrowserContext; page: Page }[] = []
  /** the worker's own server: the page, the bundled files, the job's media; Chromium's only peer */
  readonly server: WebRenderServer
  readonly pageCount: number
  private bundleHash: string | null = null
  private readonly htmlInCanvas: boolean
  private onPartProgress: ((part: number, rendered: number, encoded: number) => void) | null = null

  constructor(options: WebRendererOptions = {}) {
    this.pageCount = Math.max(1, options.pages ?? Math.min(2, os.availableParallelism()))
    this.htmlInCanvas = options.htmlInCanvas ?? true
    this.server = new WebRenderServer(WEB_BUNDLE_DIR, path.join(root, 'public'))
  }

  /** Bundles the page, starts the server and Chromium, and checks the browser can do it (throws WebRenderUnsupported). */
  ready(): Promise<void> {
    this.readyPromise ??= this.start().catch(async (error) => {
      await this.close()
      throw error
    })
    return this.readyPromise
  }

  private async start(): Promise<void> {
    const [bundle] = await Promise.all([bundleWebRenderPage(), this.server.start()])
    this.bundleHash = bundle.hash
    const browser = await chromium.launch({
      executablePath: browserExecutable,
      // every request of the render page goes to the worker's own server (its proxy, loopback
      // included: `<-loopback>` drops Chromium's implicit bypass), which serves only itself, so the
      // page cannot reach any other address whatever its props say (issue 24)
      args: [`--proxy-server=${this.server.origin}`, '--proxy-bypass-list=<-loopback>', ...(this.htmlInCanvas ? ['--enable-features=CanvasDrawElement'] : []), '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-sandbox'],
    })
    this.browser = browser
    // Chromium gone (crashed, killed, out of memory): the next render starts a new one instead of
    // falling back to renderMedia for the rest of the worker's life
    browser.on('disconnected', () => {
      if (this.browser !== browser) return
      this.browser = null
      this.tabs = []
      this.readyPromise = null
    })
    // one context each: separate renderer processes, so the tabs do not share a main thread
    for (let i = 0; i < this.pageCount; i++) {
      const context = await this.browser.newContext({ viewport: { width: 640, height: 360 } })
      const page = await context.newPage()
      await page.exposeFunction('webRenderProgress', (part: number, rendered: number, encoded: number) => this.onPartProgress?.(part, rendered, encoded))
      this.tabs.push({ context, page })
    }
    const { page } = this.tabs[0]
    await page.goto(`${this.server.origin}/index.html`)
    const support = (await page.evaluate(() => window.webRenderSupport())) as WebRenderSupport
    if (!support.ok) throw new WebRenderUnsupported(support.reason ?? 'unsupported')
  }

  /** The codecs this path produces; others go to renderMedia. */
  handles(job: RenderJob): boolean {
    return job.codec === 'h264' && job.size !== undefined
  }

  async render(job: RenderJob, onProgress: (p: RenderProgress) => void, signal: AbortSignal): Promise<{ durationInFrames: number; fps: number }> {
    if (job.cache) return renderWithCache(this, job, job.cache, onProgress, signal)
    const { fps, totalFrames } = job.size!
    const [first, last] = job.frameRange ?? [0, totalFrames - 1]
    const frames = last - first + 1
    const ranges = splitFrames(first, last, this.pageCount, job.cuts)
    const dir = path.dirname(job.outputFile)
    const files = ranges.map((_, i) => path.join(dir, `part-${i}.mov`))
    await this.renderParts(job, ranges.map((frameRange) => ({ frameRange, muted: false })), files, (rendered, encoded) =>
      onProgress({ stage: 'Rendering frames', progress: Math.min(0.95, (0.9 * encoded) / frames), renderedFrames: rendered, encodedFrames: encoded }), signal)
    onProgress({ stage: 'Encoding', progress: 0.96, renderedFrames: frames, encodedFrames: frames })
    await joinParts(files.map((file, i) => ({ file, seconds: (ranges[i][1] - ranges[i][0] + 1) / fps })), job.outputFile, signal)
    await this.poster(job, first, last, signal)
    return { durationInFrames: frames, fps }
  }

  /** The poster frame (within the rendered frames) from the finished file. */
  async poster(job: RenderJob, first: number, last: number, signal: AbortSignal): Promise<void> {
    const posterAt = Math.min(Math.max(job.posterFrame, first), last) - first
    await runFf('ffmpeg', ['-y', '-ss', (posterAt / job.size!.fps).toFixed(3), '-i', job.outputFile, '-frames:v', '1', '-q:v', '3', job.posterFile], signal)
  }

  /** Hash of the render page's code: part of every cache key (worker/segments/keys.ts). */
  async codeVersion(): Promise<string> {
    await this.ready()
    return this.bundleHash!
  }

  /**
   * Renders each part into its file (a MOV: H.264 and PCM, or no audio when muted; a WAV of the
   * sound alone when `audioOnly`), the tabs taking the next part as each finishes. `onFrames` gets
   * the frames rendered and encoded so far over all parts. A part that fails, or a render slower
   * than 5 fps (plus a two-minute start), stops every tab: the fallback must not share the cores
   * with a tab still rendering.
   */
  async renderParts(
    job: RenderJob,
    parts: { frameRange: [number, number]; muted: boolean; audioOnly?: boolean }[],
    files: string[],
    onFrames: (rendered: number, encoded: number) => void,
    signal: AbortSignal,
    /** told as each part's file is complete (the cache stores it at once, so a stop keeps it) */
    onPartDone?: (part: number) => void,
  ): Promise<void> {
    await this.ready()
    if (signal.aborted) throw new Error('The render was canceled')
    const urls = collectUrls(job.inputProps)
    const session = this.server.openJob(urls, new Map(files.map((file, i) => [i, file])), job.mediaOrigins ?? [])
    const inputProps = swapUrls(job.inputProps, session.local)
    const done = parts.map(() => ({ rendered: 0, encoded: 0 }))
    const report = () => onFrames(done.reduce((sum, d) => sum + d.rendered, 0), done.reduce((sum, d) => sum + d.encoded, 0))
    this.onPartProgress = (part, rendered, encoded) => {
      if (!done[part] || parts[part].audioOnly) return
      done[part] = { rendered, encoded }
      report()
    }
    const abort = () => void Promise.all(this.tabs.map(({ page }) => page.evaluate(() => window.webRenderAbort()).catch(() => {})))
    signal.addEventListener('abort', abort, { once: true })
    let next = 0
    let failed = false
    const scale = job.scale ?? 1
    const tab = async ({ page }: { page: Page }) => {
      let loaded = false
      while (!failed && !signal.aborted && next < parts.length) {
        const i = next++
        // a fresh page for each render; the parts after the first reuse it
        if (!loaded) await page.goto(`${this.server.origin}/index.html`)
        loaded = true
        const { frameRange, muted, audioOnly } = parts[i]
        const part: WebRenderPart = {
          part: i, compositionId: job.compositionId, inputProps, frameRange, scale,
          videoBitrate: videoBitrateFor(job, scale), keyframeIntervalInSeconds: KEYFRAME_SECONDS,
          muted, audioOnly: audioOnly ?? false, timeoutMs: 60_000, uploadUrl: this.server.uploadUrl(session.key, i),
        }
        await page.evaluate((p) => window.webRenderPart(p), part)
        onPartDone?.(i)
      }
    }
    try {
      const frames = parts.reduce((sum, p) => sum + (p.audioOnly ? 0 : p.frameRange[1] - p.frameRange[0] + 1), 0)
      const running = Promise.all(this.tabs.slice(0, parts.length).map((t) => tab(t).catch((error) => {
        failed = true
        throw error
      })))
      let timer: NodeJS.Timeout | undefined
      const limitMs = 120_000 + frames * 200
      const tooLong = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`the in-browser render took longer than ${Math.round(limitMs / 1000)} s`)), limitMs)
      })
      try {
        await Promise.race([running, tooLong])
      } catch (error) {
        abort()
        running.catch(() => undefined)
        throw error
      } finally {
        clearTimeout(timer)
      }
      if (signal.aborted) throw new Error('The render was canceled')
    } finally {
      signal.removeEventListener('abort', abort)
      this.onPartProgress = null
      session.close()
    }
  }

  async close(): Promise<void> {
    const browser = this.browser
    this.browser = null
    this.tabs = []
    this.readyPromise = null
    await browser?.close().catch(() => {})
    await this.server.close()
  }
}
