// Renders stills of every template × format with the system Chromium into stills/ (git-ignored),
// so people can look at the designs without starting the studio.
//   npx tsx scripts/render-stills.ts                    one poster still per template × format
//   npx tsx scripts/render-stills.ts --scenes           one still per scene kind (title, photo, facts, …)
//   npx tsx scripts/render-stills.ts --only social-reel,classic-tour-square --minimal --watermark
//   npx tsx scripts/render-stills.ts --only classic-tour --props '{"theme":"dark"}'
import { renderStill, selectComposition } from '@remotion/renderer';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { completeProps, compositionId, TEMPLATE_IDS, timelineFor } from '../remotion/catalog';
import { VIDEO_FORMAT_IDS } from '../remotion/constants';
import { posterFrame } from '../remotion/duration';
import type { VideoProps } from '../remotion/schema';
import { browserExecutable, bundleTemplates, logLevel, onBrowserDownload, openLocalBrowser, root } from '../worker/remotion-local';
import { median } from './lib/stats';

const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',') : null;
const allScenes = args.includes('--scenes');
const minimal = args.includes('--minimal');
const watermark = args.includes('--watermark');
const stress = args.includes('--stress');
/** Extra props merged over the sample, e.g. --props '{"theme":"dark","brandColor":"#0f766e"}'. */
const extraProps = args.includes('--props') ? (JSON.parse(args[args.indexOf('--props') + 1]) as Partial<VideoProps>) : null;

/**
 * The compositions' default props are the sample listing; their staticFile() URLs only resolve
 * inside the bundle, so the minimal variant reuses a photo URL from them.
 */
function propsFor(defaults: VideoProps): VideoProps {
  if (extraProps) return { ...defaults, ...extraProps };
  if (stress) return stressProps(defaults);
  if (!minimal) return { ...defaults, watermark };
  return {
    watermark,
    listing: { address: { line: '12 Elm Street' }, offer: 'sale', propertyType: 'other' },
    scenes: [{ id: 'scene-1', src: defaults.scenes[Math.min(1, defaults.scenes.length - 1)].src }],
  };
}

/** The longest texts the schema allows, 40 photos and a rent price: layouts must still hold. */
function stressProps(defaults: VideoProps): VideoProps {
  const long = (text: string, max: number) => text.repeat(Math.ceil(max / text.length)).slice(0, max).trim();
  return {
    ...defaults,
    watermark,
    listing: {
      ...defaults.listing,
      title: long('Waterfront penthouse with wraparound terrace, private mooring and gardens ', 120),
      address: { line: long('Apartment 14B, The Old Harbour Master’s Residence, 1187 Wharfside Promenade East ', 200), city: 'Kingsbridge-upon-Thames', region: 'Greater London', postalCode: 'KT1 4QR' },
      offer: 'rent',
      price: { amount: 12_500, currency: 'GBP', period: 'month' },
      propertyType: 'apartment',
      bedrooms: 12,
      bathrooms: 10.5,
      area: { value: 21_500, unit: 'sqm' },
      features: Array.from({ length: 24 }, () => long('Underfloor heating throughout the ', 60)),
    },
    scenes: Array.from({ length: 40 }, (_, i) => ({ ...defaults.scenes[i % defaults.scenes.length], id: `s${i}`, caption: long('A generous reception room with a view across the river ', 80) })),
    titleCard: { heading: long('The Harbour Master’s Penthouse above the river ', 80), subheading: long('Five bedrooms above the river, ready in spring ', 120) },
    agent: defaults.agent && {
      ...defaults.agent,
      fullName: long('Alexandra Montgomery-Fitzwilliam ', 100),
      title: long('Director of Prime Residential Lettings ', 80),
      email: 'alexandra.montgomery-fitzwilliam@kingsbridge-prime-residential.co.uk',
      brokerage: long('Kingsbridge Prime Residential & Lettings Partnership ', 100),
    },
  };
}

async function main() {
  const outDir = path.join(root, 'stills');
  mkdirSync(outDir, { recursive: true });
  const { serveUrl, ms: bundleMs } = await bundleTemplates();
  console.log(`bundled in ${bundleMs} ms`);
  const puppeteerInstance = await openLocalBrowser();
  const timings: number[] = [];
  try {
    for (const template of TEMPLATE_IDS) {
      for (const format of VIDEO_FORMAT_IDS) {
        const id = compositionId(template, format);
        if (only && !only.some((prefix) => id.startsWith(prefix))) continue;
        const defaults = await selectComposition({ serveUrl, id, browserExecutable, onBrowserDownload, puppeteerInstance, logLevel });
        const props = propsFor(defaults.defaultProps as VideoProps);
        const inputProps = completeProps(template, props) as Record<string, unknown>;
        const composition = minimal || watermark || stress || extraProps
          ? await selectComposition({ serveUrl, id, inputProps, browserExecutable, onBrowserDownload, puppeteerInstance, logLevel })
          : defaults;
        const timeline = timelineFor(template, props);
        const picks = timeline.segments
          .map((segment, index) => ({ segment, index }))
          .filter(({ segment }, i, all) => (allScenes ? all.findIndex((s) => s.segment.kind === segment.kind) === i : segment.kind === 'title'));
        for (const { segment, index } of picks) {
          const frame = posterFrame(timeline, index);
          const file = path.join(outDir, `${id}${allScenes ? `-${segment.kind}` : ''}${minimal ? '-minimal' : ''}${stress ? '-stress' : ''}${watermark ? '-watermark' : ''}${extraProps ? '-custom' : ''}.png`);
          const started = performance.now();
          await renderStill({ serveUrl, composition, inputProps, frame, output: file, browserExecutable, onBrowserDownload, puppeteerInstance, overwrite: true, logLevel });
          const ms = Math.round(performance.now() - started);
          timings.push(ms);
          console.log(`${path.relative(root, file)} (frame ${frame}) ${ms} ms`);
        }
      }
    }
  } finally {
    await puppeteerInstance.close({ silent: true });
  }
  console.log(`${timings.length} stills; median ${median(timings)} ms, max ${Math.max(...timings)} ms`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
