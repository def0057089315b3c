/**
 * npm run bench:narration — the time to draft and speak a 30-second video's narration with the local
 * provider (Flite), cold: no cache, every scene synthesised. Drafting is part B's deterministic
 * draft (lib/narration/draft); speaking runs each scene through lib/narration/speak.ts (Flite in a
 * child process, audio measured from the WAV, word timings from Flite's phones), two scenes at a
 * time (one Flite per core). The target: at most 5 s here. Prints JSON-ish lines.
 *   npm run bench:narration -- --runs 3 --concurrency 2 --voice slt
 */
import os from 'node:os'
import { parseArgs } from 'node:util'
import { draftForVideo } from '../../lib/narration/draft/index.ts'
import { localProvider } from '../../lib/narration/local.ts'
import { synthesize, type Speech } from '../../lib/narration/speak.ts'
import { timelineFor } from '../../remotion/catalog.ts'
import { sampleListing } from '../../remotion/sample-listing.ts'
import type { VideoProps } from '../../remotion/schema.ts'

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    concurrency: { type: 'string', default: '2' },
    voice: { type: 'string', default: 'slt' },
    seconds: { type: 'string', default: '30' },
  },
})
const runs = Math.max(1, Number(values.runs))
const concurrency = Math.max(1, Number(values.concurrency))
const target = Number(values.seconds)

/**
 * A classic-tour video of about `target` seconds that is mostly narrated photos: the facts and
 * features cards off, 6 s scenes (4.5 s of speech each), as many as fit.
 */
function videoOfAbout(seconds: number): VideoProps {
  let props: VideoProps = { listing: sampleListing, scenes: [], show: { facts: false, features: false } }
  for (let n = 1; n <= 40; n++) {
    const next: VideoProps = { ...props, scenes: Array.from({ length: n }, (_, i) => ({ id: `s${i + 1}`, src: `/remotion/samples/${i}.jpg`, seconds: 6 })) }
    const t = timelineFor('classic-tour', next)
    if (t.durationInFrames / t.fps > seconds && n > 1) break
    props = next
  }
  return props
}

async function pool<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length)
  let next = 0
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++
      out[i] = await work(items[i])
    }
  }))
  return out
}

const props = videoOfAbout(target)
const timeline = timelineFor('classic-tour', props)
console.log(`video: classic-tour, ${props.scenes.length} photo scenes, ${(timeline.durationInFrames / timeline.fps).toFixed(1)} s; voice ${values.voice}; ${concurrency} at a time; ${os.cpus().length} cores`)

const totals: number[] = []
for (let run = 1; run <= runs; run++) {
  const t0 = performance.now()
  const draft = draftForVideo({ seed: 'bench-listing', listing: sampleListing, description: null, agent: { name: 'Maya Thompson' }, locale: 'en-US' }, 'classic-tour', props)
  const t1 = performance.now()
  const scripts = draft.scenes.map((s) => s.script).filter(Boolean)
  const speeches: Speech[] = await pool(scripts, concurrency, (script) => synthesize(localProvider, script, values.voice!))
  const t2 = performance.now()
  totals.push(t2 - t0)
  const audio = speeches.reduce((a, s) => a + s.seconds, 0)
  const words = scripts.join(' ').split(/\s+/).length
  console.log(
    `run ${run}: draft ${(t1 - t0).toFixed(0)} ms, speak ${(t2 - t1).toFixed(0)} ms (${scripts.length} scenes, ${words} words, ${audio.toFixed(1)} s of audio, timings: ${[...new Set(speeches.map((s) => s.timing))].join('/')}), total ${((t2 - t0) / 1000).toFixed(2)} s`,
  )
}
const sorted = [...totals].sort((a, b) => a - b)
const median = sorted[Math.floor(sorted.length / 2)] / 1000
console.log(`median draft + speak: ${median.toFixed(2)} s (target ≤ 5 s) ${median <= 5 ? 'OK' : 'OVER'}`)
