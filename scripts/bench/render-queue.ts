// Click → playable file through the real path (a benchmark, not a test): queue_render as a member
// of the demo team, then the worker's own loop body (scripts/lib/click-to-file.ts). Prints the time
// to queue, render speed, the file, and click → succeeded wall time.
//   npm run bench:render-queue                         the demo listing, social-reel portrait (1080×1920)
//   npm run bench:render-queue -- --template classic-tour --format landscape
//   npm run bench:render-queue -- --path renderMedia   Remotion's renderMedia instead of the in-browser path
import type { TemplateId } from '../../remotion/catalog'
import type { VideoFormat } from '../../remotion/constants'
import { clickToPlayable } from '../lib/click-to-file'

const args = process.argv.slice(2)
const arg = (name: string, fallback: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback)
const template = arg('--template', 'social-reel') as TemplateId
const format = arg('--format', 'portrait') as VideoFormat
const renderPath = arg('--path', 'web') as 'web' | 'renderMedia'

async function main() {
  const mem0 = process.memoryUsage().rss
  const r = await clickToPlayable({ template, format, renderPath })
  console.log(`worker ready: ${r.readyMs} ms; rendered with ${r.path}`)
  console.log(`${template}-${format}: ${r.frames} frames (${r.durationS.toFixed(1)} s of video)`)
  console.log(`  queue_render (credit + run): ${r.queueMs} ms`)
  console.log(`  claim → succeeded: ${r.renderSeconds.toFixed(1)} s, ${(r.frames / r.renderSeconds).toFixed(1)} fps (render, encode, poster, upload)`)
  console.log(`  file: ${(r.bytes / 1e6).toFixed(1)} MB`)
  console.log(`  click → playable file: ${r.seconds.toFixed(1)} s (worker already warm)`)
  console.log(`  worker process RSS: ${(mem0 / 1e6).toFixed(0)} → ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB (Chromium's own memory not included)`)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
