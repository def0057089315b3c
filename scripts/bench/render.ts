// Render speed of the templates (a benchmark, not a test): bundles once, opens the system Chromium
// once, and renders the first N frames of each chosen composition to H.264 MP4 with the settings the
// worker will use (x264 "veryfast", bt709, concurrency 1: measured best on two cores). Prints, per
// composition, wall time, frames per second and file size, then the median.
//   npm run bench:render-templates                                 first 150 frames, portrait, all three templates
//   npm run bench:render-templates -- --frames 300 --format square --only social-reel
//   npm run bench:render-templates -- --all                        every template × format
import { renderMedia, selectComposition } from '@remotion/renderer';
import { mkdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { completeProps, compositionId, TEMPLATE_IDS } from '../../remotion/catalog';
import { VIDEO_FORMAT_IDS, type VideoFormat } from '../../remotion/constants';
import type { VideoProps } from '../../remotion/schema';
import { browserExecutable, bundleTemplates, logLevel, onBrowserDownload, openLocalBrowser, root } from '../../worker/remotion-local';
import { median } from '../lib/stats';

const args = process.argv.slice(2);
const arg = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const frames = Number(arg('--frames') ?? 150);
const formats: readonly VideoFormat[] = args.includes('--all') ? VIDEO_FORMAT_IDS : [(arg('--format') ?? 'portrait') as VideoFormat];
const only = arg('--only')?.split(',') ?? null;
const concurrency = Number(arg('--concurrency') ?? 1);

async function main() {
  if (!Number.isInteger(frames) || frames < 1) throw new Error('--frames must be a positive integer');
  if (formats.some((f) => !VIDEO_FORMAT_IDS.includes(f))) throw new Error(`--format must be one of ${VIDEO_FORMAT_IDS.join(', ')}`);
  const outDir = path.join(root, 'renders', 'bench');
  mkdirSync(outDir, { recursive: true });
  console.log(`${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(2)}; ${frames} frames each, h264 veryfast, concurrency ${concurrency}`);
  const { serveUrl, ms } = await bundleTemplates();
  console.log(`bundled in ${ms} ms`);
  const puppeteerInstance = await openLocalBrowser();
  const rates: number[] = [];
  try {
    for (const template of TEMPLATE_IDS) {
      if (only && !only.includes(template)) continue;
      for (const format of formats) {
        const id = compositionId(template, format);
        const sample = await selectComposition({ serveUrl, id, browserExecutable, onBrowserDownload, puppeteerInstance, logLevel });
        const inputProps = completeProps(template, sample.defaultProps as VideoProps) as Record<string, unknown>;
        const last = Math.min(frames, sample.durationInFrames) - 1;
        const output = path.join(outDir, `${id}.mp4`);
        const started = performance.now();
        let firstFrameAt = 0;
        await renderMedia({
          serveUrl,
          composition: sample,
          inputProps,
          codec: 'h264',
          x264Preset: 'veryfast',
          colorSpace: 'bt709',
          concurrency,
          frameRange: [0, last],
          outputLocation: output,
          overwrite: true,
          browserExecutable,
          onBrowserDownload,
          puppeteerInstance,
          logLevel,
          onProgress: ({ renderedFrames }) => {
            if (renderedFrames > 0 && !firstFrameAt) firstFrameAt = performance.now();
          },
        });
        const seconds = (performance.now() - started) / 1000;
        const fps = (last + 1) / seconds;
        rates.push(fps);
        const mb = statSync(output).size / 1e6;
        console.log(
          `${id.padEnd(26)} ${String(last + 1).padStart(4)} frames ${seconds.toFixed(1).padStart(6)} s  ${fps.toFixed(1).padStart(5)} fps  ` +
            `first frame ${((firstFrameAt - started) / 1000).toFixed(1)} s  ${mb.toFixed(1)} MB  ${path.relative(root, output)}`,
        );
      }
    }
  } finally {
    await puppeteerInstance.close({ silent: true });
  }
  if (rates.length) console.log(`median ${median(rates).toFixed(1)} fps over ${rates.length} renders`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
