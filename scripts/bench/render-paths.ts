// The issue-12 render benchmark (not a test): one 30-second 1080×1920 listing video with music,
// rendered in one run by Remotion's defaults (renderMedia, no options) and by ours (the worker's
// renderer: in the browser with HTML-in-canvas, two tabs), then click → playable MP4 through the
// real queue and worker. Prints fps for both, the ratio, SSIM of ours against the defaults (10
// frames), mean colour of both, file sizes, peak memory of the whole process tree (sum of RSS,
// Chromium included), and the click → file wall time. Goal: ≥ 2.5× the defaults, SSIM ≥ 0.97,
// file ≤ 1.5× the defaults', click → MP4 ≤ 45 s. Then the render cache on the same video (issue 28):
// a cold click, a click after one caption edit (goal ≤ 30 % of the full render), a click on a video
// rendered ahead (goal ≤ 3 s), and the bytes the cache stores per minute of video.
//   npm run bench:render                       social-reel portrait, 30 s
//   npm run bench:render -- --template classic-tour --format landscape --seconds 20
import { renderMedia, selectComposition } from '@remotion/renderer';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FallbackRenderer } from '../../worker/fallback-renderer';
import { probe, runFf } from '../../worker/ffmpeg';
import { browserExecutable, bundleTemplates, logLevel, onBrowserDownload, openLocalBrowser, root } from '../../worker/remotion-local';
import { completeProps, compositionId, timelineFor, type TemplateId } from '../../remotion/catalog';
import { VIDEO_FORMATS, type VideoFormat } from '../../remotion/constants';
import type { VideoProps } from '../../remotion/schema';
import { clickToPlayable } from '../lib/click-to-file';
import { frameOf, meanRgb, spreadFrames, ssimOf } from '../lib/frames';
import { serveFiles } from '../lib/file-server';
import { watchPeakMemory } from '../lib/process-memory';
import { benchProps } from '../lib/bench-props';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const template = arg('--template', 'social-reel') as TemplateId;
const format = arg('--format', 'portrait') as VideoFormat;
const seconds = Number(arg('--seconds', '30'));

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const gb = (bytes: number) => `${(bytes / 1e9).toFixed(2)} GB`;

async function main() {
  const outDir = path.join(root, 'renders', 'bench');
  mkdirSync(outDir, { recursive: true });
  const music = path.join(outDir, 'bench-music.mp3');
  // 35 s of a soft two-tone chord: the music track every listing video carries
  await runFf('ffmpeg', ['-y', '-f', 'lavfi', '-i', 'sine=frequency=220:duration=35', '-f', 'lavfi', '-i', 'sine=frequency=330:duration=35', '-filter_complex', 'amix=inputs=2', '-c:a', 'libmp3lame', '-b:a', '128k', music]);
  const files = await serveFiles({ 'music.mp3': music, ...Object.fromEntries(['exterior-dusk', 'living-room', 'kitchen', 'dining-room', 'bedroom', 'pool-garden', 'agent', 'logo'].map((n) => [`${n}`, path.join(root, 'public/remotion/samples', n === 'logo' ? 'logo.png' : `${n}.jpg`)])) });
  const props = completeProps(template, benchProps(template, seconds, files.url));
  const timeline = timelineFor(template, props as VideoProps);
  const { width, height } = VIDEO_FORMATS[format];
  const id = compositionId(template, format);
  const frames = timeline.durationInFrames;
  console.log(`${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(2)}; ${id}, ${width}×${height}, ${frames} frames (${(frames / timeline.fps).toFixed(1)} s) with music`);

  // 1. Remotion's defaults
  const defaultsFile = path.join(outDir, `${id}-defaults.mp4`);
  const { serveUrl, ms: bundleMs } = await bundleTemplates();
  const browser = await openLocalBrowser();
  let memory = watchPeakMemory();
  let started = performance.now();
  try {
    const composition = await selectComposition({ serveUrl, id, inputProps: props, browserExecutable, onBrowserDownload, puppeteerInstance: browser, logLevel });
    await renderMedia({ serveUrl, composition, inputProps: props, codec: 'h264', outputLocation: defaultsFile, overwrite: true, browserExecutable, onBrowserDownload, puppeteerInstance: browser, logLevel });
  } finally {
    await browser.close({ silent: true });
  }
  const defaultsSeconds = (performance.now() - started) / 1000;
  const defaultsPeak = memory.stop();

  // 2. ours: the worker's renderer (bundle and Chromium ready first, as in the worker)
  const oursFile = path.join(outDir, `${id}-ours.mp4`);
  const renderer = new FallbackRenderer();
  memory = watchPeakMemory();
  const readyStarted = performance.now();
  const ready = await renderer.ready();
  const readyMs = performance.now() - readyStarted;
  started = performance.now();
  try {
    await renderer.render(
      { compositionId: id, inputProps: props, codec: 'h264', outputFile: oursFile, posterFile: path.join(outDir, `${id}-ours.jpg`), posterFrame: 45, size: { width, height, fps: timeline.fps, totalFrames: frames }, mediaOrigins: [new URL(files.url('music.mp3')).origin] },
      () => {},
      new AbortController().signal,
    );
  } finally {
    await renderer.close();
  }
  const oursSeconds = (performance.now() - started) / 1000;
  const oursPeak = memory.stop();
  await files.close();

  // 3. compare
  const size = { width: width / 2, height: height / 2 };
  const scores: number[] = [];
  let colour = '';
  for (const frame of spreadFrames(frames, 10)) {
    const [a, b] = await Promise.all([frameOf(defaultsFile, frame, timeline.fps, size), frameOf(oursFile, frame, timeline.fps, size)]);
    scores.push(ssimOf(a, b));
    if (!colour) colour = `mean RGB at frame ${frame}: defaults ${meanRgb(a).map((v) => v.toFixed(1)).join('/')}, ours ${meanRgb(b).map((v) => v.toFixed(1)).join('/')}`;
  }
  const [d, o] = await Promise.all([probe(defaultsFile), probe(oursFile)]);
  const describe = (p: typeof d) =>
    p.streams.map((s) => (s.codec_type === 'video' ? `${s.codec_name} profile ${s.profile} ${s.pix_fmt}/${s.color_range}/${s.color_space}` : `${s.codec_name} ${s.duration} s`)).join(', ');
  const defaultsBytes = statSync(defaultsFile).size;
  const oursBytes = statSync(oursFile).size;

  console.log(`defaults (renderMedia, no options): ${defaultsSeconds.toFixed(1)} s, ${(frames / defaultsSeconds).toFixed(1)} fps, ${mb(defaultsBytes)}, peak ${gb(defaultsPeak)} (+ bundle ${bundleMs} ms)`);
  console.log(`  ${describe(d)}`);
  console.log(`ours (${ready.path}${ready.reason ? `: ${ready.reason}` : ''}): ${oursSeconds.toFixed(1)} s, ${(frames / oursSeconds).toFixed(1)} fps, ${mb(oursBytes)}, peak ${gb(oursPeak)} (+ start ${Math.round(readyMs)} ms)`);
  console.log(`  ${describe(o)}`);
  console.log(`ratio ${(defaultsSeconds / oursSeconds).toFixed(2)}×; size ${(oursBytes / defaultsBytes).toFixed(2)}× the defaults'`);
  console.log(`SSIM ours vs defaults over ${scores.length} frames: min ${Math.min(...scores).toFixed(4)}, mean ${(scores.reduce((s, v) => s + v, 0) / scores.length).toFixed(4)}`);
  console.log(colour);

  // 4. click → playable MP4 through the queue and the worker
  const click = await clickToPlayable({ template, format, withCache: true });
  console.log(`click → playable MP4 (demo listing, ${click.frames} frames, worker warm, no cache): ${click.seconds.toFixed(1)} s; queue_render ${click.queueMs} ms; ${mb(click.bytes)}`);
  // 5. the render cache (issue 28) on the same video: goals ≤ 30 % of the full render after one
  // caption edit, ≤ 3 s for a video rendered ahead
  const c = click.cache!;
  const pct = (s: number) => `${Math.round((100 * s) / c.full.seconds)} % of the full render`;
  const frames30 = c.full.frames;
  console.log(`the same video held to ${(frames30 / 30).toFixed(1)} s (${frames30} frames), no cache: ${c.full.seconds.toFixed(1)} s`);
  console.log(`cache, cold click (renders and stores every segment): ${c.cold.seconds.toFixed(1)} s`);
  console.log(`cache, after editing one scene's caption: ${c.edited.seconds.toFixed(1)} s (${pct(c.edited.seconds)}), ${c.edited.reusedFrames} of ${frames30} frames reused`);
  console.log(`cache, click on a video rendered ahead: ${c.ahead.seconds.toFixed(1)} s (render ahead took ${c.aheadSeconds.toFixed(1)} s while idle), ${c.ahead.reusedFrames} of ${frames30} frames reused`);
  console.log(`cache, bytes stored: ${mb(c.storedBytes)} for ${(c.minutes * 60).toFixed(0)} s: ${mb(c.storedBytes / c.minutes)} per minute of video`);
  if (!args.includes('--keep')) rmSync(music, { force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
