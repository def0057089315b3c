// The loudness benchmark (issue 25, not a test): four narrated listing videos, one per Flite voice,
// each over a different shipped track at the product's levels (volume 0.6, 0.15 under narration),
// rendered by the worker's renderer (in the browser, renderMedia when it cannot; quarter size) and
// measured by ffmpeg's EBU R128 meter (loudnorm). Prints per voice: the clips' loudness as Flite
// spoke them and as stored (normalised), the finished mix (integrated, true peak) and the voice
// over the ducked music (speech against the held pause between two clips). Target: −16 LUFS ±1,
// ≤ −1 dBTP, ≥ 12 dB.
//   npm run bench:loudness
//   npm run bench:loudness -- --template classic-tour --format square
//   npm run bench:loudness -- --voices kal16,awb
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MIX_TARGET_LUFS, MIX_TRUE_PEAK_DBTP, VOICE_OVER_MUSIC_DB } from '../../lib/audio/targets';
import { localProvider } from '../../lib/narration/local';
import { synthesize } from '../../lib/narration/speak';
import { FallbackRenderer } from '../../worker/fallback-renderer';
import { root } from '../../worker/remotion-local';
import { completeProps, compositionId, timelineFor, type TemplateId } from '../../remotion/catalog';
import { VIDEO_FORMATS, type VideoFormat } from '../../remotion/constants';
import { narrationOffsetFrames, segmentStarts } from '../../remotion/duration';
import { sampleListing } from '../../remotion/sample-listing';
import type { VideoProps } from '../../remotion/schema';
import { serveFiles } from '../lib/file-server';
import { loudness } from '../music/measure';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const template = arg('--template', 'luxury-estate') as TemplateId;
const format = arg('--format', 'landscape') as VideoFormat;
const only = args.includes('--voices') ? arg('--voices', '').split(',') : null;

const RUNS = [
  { voice: 'slt', music: '/music/skyline.m4a' },
  { voice: 'kal16', music: '/music/open-house.m4a' },
  { voice: 'awb', music: '/music/hearth.m4a' },
  { voice: 'rms', music: '/music/front-porch.m4a' },
];
const SCRIPTS = [
  'Welcome to twenty one forty eight Linden Crest Drive, a hillside modern home in Portland.',
  'The kitchen opens onto the terrace, with floor to ceiling glass and a heated saltwater pool.',
  'Four bedrooms and three and a half bathrooms, built in twenty nineteen. Book a private viewing today.',
];
const ROOMS = ['exterior-dusk', 'kitchen', 'pool-garden'];

async function main() {
  const outDir = path.join(root, 'renders', 'bench-loudness');
  mkdirSync(outDir, { recursive: true });
  const renderer = new FallbackRenderer({ log: (...parts) => console.log(...parts) });
  const ready = await renderer.ready();
  console.log(`${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(2)}; ${template} ${format}, quarter size, path ${ready.path}`);
  const rows: string[] = [];
  try {
    for (const { voice, music } of RUNS.filter((r) => !only || only.includes(r.voice))) {
      const clips: Record<string, string> = {};
      const spoken: Awaited<ReturnType<typeof synthesize>>[] = [];
      for (const [i, script] of SCRIPTS.entries()) {
        const speech = await synthesize(localProvider, script, voice);
        const file = path.join(outDir, `${voice}-${i}.wav`);
        writeFileSync(file, speech.audio);
        clips[`clip-${i}`] = file;
        spoken.push(speech);
      }
      const files = await serveFiles({ ...clips, ...Object.fromEntries(ROOMS.map((n) => [n, path.join(root, 'public/remotion/samples', `${n}.jpg`)])) });
      try {
        const props = completeProps(template, {
          listing: sampleListing,
          scenes: ROOMS.map((room, i) => ({
            id: `scene-${i + 1}`, src: files.url(room), script: SCRIPTS[i],
            narration: { src: files.url(`clip-${i}`), seconds: spoken[i].seconds, text: SCRIPTS[i], voiceId: voice, timing: spoken[i].timing, words: spoken[i].words },
          })),
          show: { facts: false, features: false },
          music: { src: music, volume: 0.6, duckVolume: 0.15, fadeInSeconds: 1, fadeOutSeconds: 2 },
          fps: 30,
          locale: 'en-US',
        } as VideoProps) as VideoProps;
        const timeline = timelineFor(template, props);
        const { width, height } = VIDEO_FORMATS[format];
        const out = path.join(outDir, `${voice}.mp4`);
        const started = performance.now();
        await renderer.render(
          { compositionId: compositionId(template, format), inputProps: props, codec: 'h264', outputFile: out, posterFile: path.join(outDir, `${voice}.jpg`), posterFrame: 10, scale: 0.25, size: { width, height, fps: timeline.fps, totalFrames: timeline.durationInFrames }, mediaOrigins: [new URL(files.url('clip-0')).origin] },
          () => {},
          new AbortController().signal,
        );
        const renderSeconds = (performance.now() - started) / 1000;
        const whole = await loudness(out);
        const starts = segmentStarts(timeline);
        const photos = timeline.segments.flatMap((s, i) => (s.kind === 'photo' ? [i] : []));
        const from = (starts[photos[0]] + narrationOffsetFrames(timeline)) / timeline.fps;
        const to = from + spoken[0].seconds;
        const next = (starts[photos[1]] + narrationOffsetFrames(timeline)) / timeline.fps;
        const speech = await loudness(['-ss', (from + 0.3).toFixed(3), '-t', (to - from - 0.6).toFixed(3), '-i', out]);
        const pause = await loudness(['-ss', (to + 0.05).toFixed(3), '-t', (next - to - 0.1).toFixed(3), '-i', out]);
        const clipBefore = spoken.map((s) => s.loudness.before.toFixed(1)).join(' / ');
        const clipAfter = spoken.map((s) => s.loudness.after.toFixed(1)).join(' / ');
        const margin = speech.integratedLufs - pause.integratedLufs;
        const ok = Math.abs(whole.integratedLufs - MIX_TARGET_LUFS) <= 1 && whole.truePeakDbtp <= MIX_TRUE_PEAK_DBTP && margin >= VOICE_OVER_MUSIC_DB;
        rows.push(`| ${voice} | ${path.basename(music, '.m4a')} | ${clipBefore} | ${clipAfter} | ${whole.integratedLufs.toFixed(1)} | ${whole.truePeakDbtp.toFixed(1)} | ${margin.toFixed(1)} | ${ok ? 'yes' : 'NO'} |`);
        console.log(`${voice}: rendered in ${renderSeconds.toFixed(1)} s (${renderer.lastPath}), ${(timeline.durationInFrames / timeline.fps).toFixed(1)} s of video; ${rows[rows.length - 1]}`);
      } finally {
        await files.close();
      }
    }
  } finally {
    await renderer.close();
  }
  console.log(`\n| voice | music | clips as spoken (LUFS) | clips stored (LUFS) | mix (LUFS) | true peak (dBTP) | voice over ducked music (dB) | on target |\n|---|---|---|---|---|---|---|---|\n${rows.join('\n')}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
