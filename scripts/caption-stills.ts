// Stills of the caption layer and the unbranded end card, every template × format, into
// stills/captions/ (git-ignored), to judge readability and placement by eye:
//   npx tsx scripts/caption-stills.ts [--only social-reel-portrait] [--style phrases]
// Each template × format gets: a narrated scene with its lower-third caption (captions lifted above
// it), one without (captions low), in the chosen style (default: both), and the unbranded end card.
import { renderStill, selectComposition } from '@remotion/renderer';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { CAPTION_LAYOUTS, captionCues } from '../remotion/captions/timing';
import { completeProps, compositionId, TEMPLATE_IDS, timelineFor } from '../remotion/catalog';
import { VIDEO_FORMAT_IDS, type VideoFormat } from '../remotion/constants';
import { segmentStarts } from '../remotion/duration';
import type { CaptionWord, VideoProps } from '../remotion/schema';
import { browserExecutable, bundleTemplates, logLevel, onBrowserDownload, openLocalBrowser, root } from '../worker/remotion-local';

const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',') : null;
const styles = args.includes('--style') ? [args[args.indexOf('--style') + 1] as 'words' | 'phrases'] : (['words', 'phrases'] as const);

const SCRIPTS = [
  'Welcome to 1420 Northwest Hillside Drive, a modern home above the city.',
  'The living room opens onto the terrace, with floor-to-ceiling glass and a gas fireplace.',
  "A chef's kitchen with a stone island, two ovens and a walk-in pantry.",
  'Dinner for eight, with views across the valley.',
  'The primary suite has its own balcony and a spa bathroom.',
  'Outside, a heated pool and a level garden. Book a private viewing today.',
];

/** Evenly paced word timings (the real ones come from the voice or lib/narration's estimate). */
function words(text: string): { words: CaptionWord[]; seconds: number } {
  let at = 0.05;
  const list = text.split(/\s+/).map((word) => {
    const start = at;
    const end = start + Math.max(0.15, word.length * 0.06);
    at = end + (/[.!?]$/.test(word) ? 0.35 : /,$/.test(word) ? 0.15 : 0.04);
    return { text: word, start: Math.round(start * 1000) / 1000, end: Math.round(end * 1000) / 1000 };
  });
  return { words: list, seconds: Math.round((at + 0.1) * 1000) / 1000 };
}

function narrated(defaults: VideoProps, style: 'words' | 'phrases'): VideoProps {
  return {
    ...defaults,
    captions: { enabled: true, style },
    scenes: defaults.scenes.map((scene, i) => {
      const spoken = words(SCRIPTS[i % SCRIPTS.length]);
      return {
        ...scene,
        // scene 3 without its lower third: captions sit low
        caption: i === 2 ? undefined : scene.caption,
        script: SCRIPTS[i % SCRIPTS.length],
        narration: { src: defaults.scenes[0].src, seconds: spoken.seconds, text: SCRIPTS[i % SCRIPTS.length], voiceId: 'flite-slt', timing: 'estimated', words: spoken.words },
      };
    }),
  };
}

async function main() {
  const outDir = path.join(root, 'stills', 'captions');
  mkdirSync(outDir, { recursive: true });
  const { serveUrl } = await bundleTemplates();
  const puppeteerInstance = await openLocalBrowser();
  try {
    for (const template of TEMPLATE_IDS) {
      for (const format of VIDEO_FORMAT_IDS as VideoFormat[]) {
        const id = compositionId(template, format);
        if (only && !only.some((prefix) => id.startsWith(prefix))) continue;
        const defaults = (await selectComposition({ serveUrl, id, browserExecutable, onBrowserDownload, puppeteerInstance, logLevel })).defaultProps as VideoProps;
        for (const style of styles) {
          const props = narrated(defaults, style);
          const timeline = timelineFor(template, props);
          const cues = captionCues(props, timeline, CAPTION_LAYOUTS[style][format]);
          const shots: [string, number, VideoProps][] = [
            ['lifted', cues.filter((c) => c.sceneIndex === 1)[1] ?? cues[1], props],
            ['low', cues.filter((c) => c.sceneIndex === 2)[1] ?? cues[2], props],
          ].map(([name, cue]) => {
            const c = cue as (typeof cues)[number];
            // the frame where the cue's third word (or its last) is being spoken
            const word = c.words[Math.min(2, c.words.length - 1)];
            return [name as string, word.startFrame + 1, props];
          });
          if (style === styles[0]) {
            const end = timeline.segments.length - 1;
            shots.push(['unbranded-end', segmentStarts(timeline)[end] + Math.round(timeline.segments[end].durationInFrames * 0.6), { ...props, unbranded: true }]);
          }
          for (const [name, frame, shotProps] of shots) {
            const inputProps = completeProps(template, shotProps) as Record<string, unknown>;
            const composition = await selectComposition({ serveUrl, id, inputProps, browserExecutable, onBrowserDownload, puppeteerInstance, logLevel });
            const file = path.join(outDir, `${id}-${name === 'unbranded-end' ? name : `${style}-${name}`}.png`);
            await renderStill({ serveUrl, composition, inputProps, frame, output: file, browserExecutable, onBrowserDownload, puppeteerInstance, overwrite: true, logLevel });
            console.log(`${path.relative(root, file)} (frame ${frame})`);
          }
        }
      }
    }
  } finally {
    await puppeteerInstance.close({ silent: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
