import { LocalRenderer } from './local-renderer'
import type { RenderJob, RenderProgress } from './local-renderer'
import { WebRenderer, WebRenderUnsupported, type WebRendererOptions } from './web-renderer'

/*
 * What the worker renders with: the in-browser path first (worker/web-renderer.ts), Remotion's
 * renderMedia (worker/local-renderer.ts) when that path cannot do the job: a Chromium without
 * HTML-in-canvas (checked once at start), a codec other than H.264, or a render that failed there
 * (the same job then runs again on renderMedia before the run is given up). A cancel or a shutdown
 * is never retried. `path` says which one rendered the last job, for logs and the run's row.
 */

export type RenderPath = 'web' | 'renderMedia'

export class FallbackRenderer {
  private readonly web: WebRenderer | null
  private readonly local = new LocalRenderer()
  private webReason: string | null = null
  lastPath: RenderPath | null = null

  constructor(options: { web?: boolean | WebRendererOptions; log?: (...parts: unknown[]) => void } = {}) {
    this.web = options.web === false ? null : new WebRenderer(typeof options.web === 'object' ? options.web : {})
    this.log = options.log ?? (() => {})
  }

  private readonly log: (...parts: unknown[]) => void

  /** Prepares both paths; answers which one renders H.264 (and why not the fast one). */
  async ready(): Promise<{ path: RenderPath; reason: string | null }> {
    if (this.web && !this.webReason) {
      try {
        await this.web.ready()
        return { path: 'web', reason: null }
      } catch (error) {
        this.webReason = error instanceof WebRenderUnsupported ? error.message : `the in-browser path did not start: ${error instanceof Error ? error.message : error}`
      }
    }
    // renderMedia's bundle and browser start only when they are needed (≈ 3 s, ≈ 300 MB idle)
    await this.local.ready()
    return { path: 'renderMedia', reason: this.webReason ?? 'the in-browser path is turned off (RENDER_PATH=renderMedia)' }
  }

  /** The in-browser renderer when it is the H.264 path (render ahead works only there). */
  webPath(): WebRenderer | null {
    return this.web && !this.webReason ? this.web : null
  }

  async render(job: RenderJob, onProgress: (p: RenderProgress) => void, signal: AbortSignal): Promise<{ durationInFrames: number; fps: number }> {
    const { path } = await this.ready()
    if (path === 'web' && this.web?.handles(job)) {
      try {
        const result = await this.web.render(job, onProgress, signal)
        this.lastPath = 'web'
        return result
      } catch (error) {
        if (signal.aborted) throw error
        this.log(`[worker] the in-browser render failed (${error instanceof Error ? error.message : error}); rendering again with renderMedia`)
      }
    }
    const result = await this.local.render(job, onProgress, signal)
    this.lastPath = 'renderMedia'
    return result
  }

  async close(): Promise<void> {
    await Promise.all([this.web?.close(), this.local.close()])
  }
}
