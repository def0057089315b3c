import { rm } from 'node:fs/promises'
import path from 'node:path'
import { makeCancelSignal, renderMedia, renderStill, selectComposition } from '@remotion/renderer'
import { masterFile } from './audio/master'
import type { Codec } from '@remotion/renderer'
import type { RenderQuality } from '@/lib/render/codecs'
import type { SegmentCacheJob } from './segments/render'
import { crfFor } from '@/lib/render/quality'
import { browserExecutable, bundleTemplates, logLevel, onBrowserDownload, openLocalBrowser } from './remotion-local'

/*
 * Remotion's own pipeline (`renderMedia`) in the system Chromium: the bundle is made once per worker
 * and the browser opened once, then every run reuses both. Output every player takes: H.264 with
 * yuv420p (limited range) and bt709, an audio track even for a silent video, and the moov atom at
 * the front (Remotion's MP4 muxing writes it there) so playback starts before the download ends.
 * Remotion's file is then mastered (worker/audio/master.ts): its audio brought to the mix's loudness
 * target, the picture copied.
 */

export interface RenderJob {
  compositionId: string
  inputProps: Record<string, unknown>
  codec: Codec
  outputFile: string
  posterFile: string
  posterFrame: number
  /** tests render a short, small slice of the real composition */
  frameRange?: [number, number]
  scale?: number
  /** the composition's size and length (the worker knows them from the timeline); the in-browser path needs them */
  size?: { width: number; height: number; fps: number; totalFrames: number }
  quality?: RenderQuality
  /**
   * The only origins the job's media URLs may be fetched from (the worker sets the configured
   * Supabase project's; lib/render/media-sources.ts). None: no remote media at all.
   */
  mediaOrigins?: string[]
  /**
   * Render through the segment cache (worker/segments/render.ts): the in-browser path reuses the
   * team's cached segments of this video; renderMedia ignores it and renders the whole.
   */
  cache?: SegmentCacheJob
  /** frames the in-browser path may split the tabs' work at (inside scenes, away from transitions) */
  cuts?: number[]
}

export interface RenderProgress {
  stage: 'Rendering frames' | 'Encoding'
  progress: number
  renderedFrames: number
  encodedFrames: number
}

type Browser = Awaited<ReturnType<typeof openLocalBrowser>>

export class LocalRenderer {
  private serveUrl: Promise<string> | null = null
  private browser: Promise<Browser> | null = null

  /** Bundles remotion/ and opens Chromium, once. */
  async ready(): Promise<{ serveUrl: string; browser: Browser }> {
    this.serveUrl ??= bundleTemplates().then((b) => b.serveUrl)
    this.browser ??= openLocalBrowser()
    return { serveUrl: await this.serveUrl, browser: await this.browser }
  }

  async render(job: RenderJob, onProgress: (p: RenderProgress) => void, signal: AbortSignal): Promise<{ durationInFrames: number; fps: number }> {
    const { serveUrl, browser } = await this.ready()
    if (signal.aborted) throw new Error('The render was canceled')
    const common = { serveUrl, browserExecutable, onBrowserDownload, puppeteerInstance: browser, logLevel, inputProps: job.inputProps }
    const composition = await selectComposition({ ...common, id: job.compositionId })
    const { cancelSignal, cancel } = makeCancelSignal()
    const parsed = path.parse(job.outputFile)
    const unmastered = path.join(parsed.dir, `${parsed.name}.unmastered${parsed.ext}`)
    const abort = () => cancel()
    signal.addEventListener('abort', abort, { once: true })
    try {
      await renderMedia({
        ...common,
        composition,
        codec: job.codec,
        outputLocation: unmastered,
        overwrite: true,
        // measured on two cores: veryfast and one tab is the best of Remotion's own settings
        x264Preset: 'veryfast',
        crf: crfFor(job.codec, job.quality ?? 'standard'),
        colorSpace: 'bt709',
        pixelFormat: 'yuv420p',
        enforceAudioTrack: true,
        concurrency: 1,
        frameRange: job.frameRange,
        scale: job.scale ?? 1,
        cancelSignal,
        onProgress: ({ progress, renderedFrames, encodedFrames, stitchStage }) =>
          onProgress({
            stage: stitchStage === 'muxing' || renderedFrames >= composition.durationInFrames ? 'Encoding' : 'Rendering frames',
            progress: Math.min(0.98, progress),
            renderedFrames,
            encodedFrames,
          }),
      })
      await masterFile(unmastered, job.outputFile, signal)
      await renderStill({
        ...common,
        composition,
        output: job.posterFile,
        frame: Math.min(job.posterFrame, composition.durationInFrames - 1),
        imageFormat: 'jpeg',
        jpegQuality: 85,
        scale: job.scale ?? 1,
      })
    } finally {
      signal.removeEventListener('abort', abort)
      await rm(unmastered, { force: true })
    }
    return { durationInFrames: job.frameRange ? job.frameRange[1] - job.frameRange[0] + 1 : composition.durationInFrames, fps: composition.fps }
  }

  async close(): Promise<void> {
    const browser = this.browser
    this.browser = null
    if (browser) await (await browser).close({ silent: true })
  }
}
