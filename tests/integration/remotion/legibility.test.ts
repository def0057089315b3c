import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserExecutable, root } from '../../../worker/remotion-local'
import { bundlePage } from '../../../worker/web-bundle'
import { completeProps, TEMPLATE_IDS, timelineFor, type TemplateId } from '../../../remotion/catalog'
import { VIDEO_FORMAT_IDS, VIDEO_FORMATS, type VideoFormat } from '../../../remotion/constants'
import { posterFrame } from '../../../remotion/duration'
import { relativeLuminance, type Rgb } from '../../../remotion/scenes/contrast'
import { sampleListing } from '../../../remotion/sample-listing'
import type { VideoProps } from '../../../remotion/schema'
import type { TextBox } from '../../helpers/legibility-page'

// Issue 25, legible pictures: every text layer of every template × format, with a light, a mid and a
// dark brand colour, measured in the pixels of the frame where each card is fully shown. The text's
// colour is the extreme of the pixels inside its box; its backdrop the median of the pixels in a band just
// outside the box (photos are scrimmed; the white-photos run puts a white wall behind every text). Large text
// (≥ 48 px, or ≥ 38 px bold, twice WCAG's CSS sizes since a frame is seen at about half size) needs
// 3:1, all other text 4.5:1.

/** LEGIBILITY_DEBUG=<dir>: write the stills with a failing text box there (LEGIBILITY_ALL=1: every still); LEGIBILITY_ONLY=<id prefix>: fewer compositions. */
const DEBUG_DIR = process.env.LEGIBILITY_DEBUG
const ONLY = process.env.LEGIBILITY_ONLY

const BRANDS = { light: '#f5e663', mid: '#2b8a3e', dark: '#1f3a5f' } as const
const ROOMS = ['exterior-dusk', 'living-room', 'kitchen', 'dining-room', 'bedroom', 'pool-garden']
const FEATURES = ['Heated saltwater pool', 'Floor-to-ceiling glass', 'Two-car garage', 'Home office', 'Solar roof', 'Wine cellar', 'Chef’s kitchen', 'Walk-in closets', 'Smart home', 'Guest suite', 'Fireplace', 'Roof terrace', 'EV charger', 'Gym']

type Variant = 'sample' | 'white-photos' | 'sparse' | 'dark-theme'

function propsFor(variant: Variant, brandColor: string): VideoProps {
  const photo = (i: number) => (variant === 'white-photos' ? '/white.jpg' : `/remotion/samples/${ROOMS[i % ROOMS.length]}.jpg`)
  const scenes = ROOMS.map((_, i) => ({ id: `scene-${i + 1}`, src: photo(i), caption: ['Modern living at dusk', 'Sun-filled living room', 'Chef’s kitchen with island', 'Dining for eight', 'Calm primary suite', 'Heated pool and garden'][i] }))
  const agent = { fullName: 'Maya Thompson', title: 'Senior Listing Agent', phone: '(503) 555-0142', email: 'maya@harborrealty.com', brokerage: 'Harbor Realty Group', logoSrc: '/remotion/samples/logo.png' }
  if (variant === 'sparse') {
    return { listing: { ...sampleListing, features: ['Balcony'], price: null }, scenes: scenes.slice(0, 2), agent: null, brandColor }
  }
  const props: VideoProps & { theme?: 'dark' } = { listing: { ...sampleListing, features: FEATURES }, scenes, agent, brandColor }
  if (variant === 'dark-theme') props.theme = 'dark'
  return props
}

const RUNS: { variant: Variant; brand: keyof typeof BRANDS; templates: readonly TemplateId[] }[] = [
  ...(Object.keys(BRANDS) as (keyof typeof BRANDS)[]).map((brand) => ({ variant: 'sample' as const, brand, templates: TEMPLATE_IDS })),
  { variant: 'white-photos', brand: 'light', templates: TEMPLATE_IDS },
  { variant: 'sparse', brand: 'mid', templates: TEMPLATE_IDS },
  { variant: 'dark-theme', brand: 'dark', templates: ['classic-tour'] },
]

/** A lone symbol (a "·" separator, a "✓") is decoration beside the words it goes with, which are measured. */
const isSymbol = (box: TextBox) => /^[\p{P}\p{S}\s]+$/u.test(box.text)

const isLarge = (box: TextBox) => box.fontSize >= 48 || (box.fontSize >= 38 && box.fontWeight >= 700)

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(p * (sorted.length - 1))))]

/** The contrast of one text box in the picture. */
function measure(pixels: Buffer, width: number, height: number, box: TextBox): number {
  const lum = (x: number, y: number) => {
    const i = (y * width + x) * 4
    return relativeLuminance([pixels[i], pixels[i + 1], pixels[i + 2]] as Rgb)
  }
  const x0 = Math.max(0, Math.round(box.x))
  const y0 = Math.max(0, Math.round(box.y))
  const x1 = Math.min(width - 1, Math.round(box.x + box.width))
  const y1 = Math.min(height - 1, Math.round(box.y + box.height))
  const inside: number[] = []
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) inside.push(lum(x, y))
  const ring: number[] = []
  for (let d = 2; d <= 4; d++) {
    for (let x = x0 - d; x <= x1 + d; x++) {
      for (const y of [y0 - d, y1 + d]) if (x >= 0 && x < width && y >= 0 && y < height) ring.push(lum(x, y))
    }
    for (let y = y0 - d; y <= y1 + d; y++) {
      for (const x of [x0 - d, x1 + d]) if (x >= 0 && x < width && y >= 0 && y < height) ring.push(lum(x, y))
    }
  }
  inside.sort((a, b) => a - b)
  ring.sort((a, b) => a - b)
  const backdrop = percentile(ring, 0.5)
  const ratio = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)
  const lighter = ratio(inside[inside.length - 1], backdrop) >= ratio(inside[0], backdrop)
  // the second most extreme pixel: the core of a stroke, not one stray pixel
  const text = inside[lighter ? inside.length - 2 : 1]
  // the ring's median: a neighbouring line of text may reach into one side of it
  return ratio(text, backdrop)
}

let browser: Browser
const pages = new Map<VideoFormat, Page>()
let server: Server
let dir: string

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'legibility-'))
  await bundlePage({ entry: path.join(root, 'tests/helpers/legibility-page.tsx'), dir, body: '<div id="still" style="position:absolute;left:0;top:0"></div>' })
  // the worst photo for light text: a white wall
  await sharp({ create: { width: 1600, height: 1067, channels: 3, background: '#ffffff' } }).jpeg().toFile(path.join(dir, 'white.jpg'))
  server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    const name = decodeURIComponent(url.pathname)
    const candidates = [path.join(dir, name), path.join(root, 'public', name.replace(/^\/public\//, '/'))]
    for (const file of candidates) {
      if (!file.startsWith(dir) && !file.startsWith(path.join(root, 'public'))) continue
      try {
        const body = await readFile(file)
        const type = { '.html': 'text/html', '.js': 'text/javascript', '.jpg': 'image/jpeg', '.png': 'image/png', '.woff2': 'font/woff2' }[path.extname(file)] ?? 'application/octet-stream'
        res.writeHead(200, { 'content-type': type }).end(body)
        return
      } catch {
        // next candidate
      }
    }
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  browser = await chromium.launch({ executablePath: browserExecutable, args: ['--no-sandbox', '--disable-gpu'] })
  // one page per format, opened at its size (resizing one page between formats shifted the Thumbnail)
  for (const format of VIDEO_FORMAT_IDS) {
    const page = await browser.newPage({ viewport: { width: VIDEO_FORMATS[format].width, height: VIDEO_FORMATS[format].height }, deviceScaleFactor: 1 })
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/index.html`)
    pages.set(format, page)
  }
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await new Promise((resolve) => server?.close(resolve))
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe('every text layer reads against what is behind it (rendered frames)', () => {
  const results: { still: string; text: string; ratio: number; min: number }[] = []

  for (const run of RUNS) {
    it(`${run.variant} with the ${run.brand} brand colour (${BRANDS[run.brand]})`, async () => {
      for (const template of run.templates) {
        for (const format of VIDEO_FORMAT_IDS) {
          if (ONLY && !`${template}-${format}`.startsWith(ONLY)) continue
          const props = completeProps(template, propsFor(run.variant, BRANDS[run.brand])) as VideoProps
          const timeline = timelineFor(template, props)
          const { width, height } = VIDEO_FORMATS[format as VideoFormat]
          const page = pages.get(format as VideoFormat)!
          // one frame per kind of scene: the title, the first photo, each card
          const picks = timeline.segments.map((segment, index) => ({ segment, index })).filter(({ segment }, i, all) => all.findIndex((s) => s.segment.kind === segment.kind) === i)
          for (const { segment, index } of picks) {
            const frame = posterFrame(timeline, index)
            await page.evaluate((r) => window.showFrame(r), { template, format: format as VideoFormat, props, frame, durationInFrames: timeline.durationInFrames, fps: timeline.fps })
            const boxes = await page.evaluate(() => window.textBoxes())
            const png = await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width, height } })
            const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
            const still = `${run.variant}/${run.brand} ${template}-${format} ${segment.kind}@${frame}`
            expect(boxes.length, `${still}: text on screen`).toBeGreaterThan(0)
            const measured = boxes.filter((box) => !isSymbol(box)).map((box) => ({ still, text: box.text, ratio: measure(data, info.width, info.height, box), min: isLarge(box) ? 3 : 4.5, box }))
            if (DEBUG_DIR && (process.env.LEGIBILITY_ALL || measured.some((m) => m.ratio < m.min))) {
              await writeFile(path.join(DEBUG_DIR, `${still.replace(/[^\w@-]+/g, '_')}.png`), png)
              console.log(still, JSON.stringify(measured.filter((m) => m.ratio < m.min).map((m) => ({ ...m.box, ratio: m.ratio }))))
            }
            for (const { box: _box, ...result } of measured) results.push(result)
          }
        }
      }
      const failures = results.filter((r) => r.still.startsWith(`${run.variant}/${run.brand} `) && r.ratio < r.min)
      expect(failures.map((f) => `${f.still} "${f.text}" ${f.ratio.toFixed(2)} < ${f.min}`)).toEqual([])
    }, 600_000)
  }

  it('reports the minimum contrast over all stills', () => {
    expect(results.length).toBeGreaterThan(100)
    const small = results.filter((r) => r.min === 4.5).sort((a, b) => a.ratio - b.ratio)
    const large = results.filter((r) => r.min === 3).sort((a, b) => a.ratio - b.ratio)
    const stills = new Set(results.map((r) => r.still)).size
    console.log(`legibility: ${results.length} text boxes in ${stills} stills; minimum small text ${small[0]?.ratio.toFixed(2)}:1 (${small[0]?.still} "${small[0]?.text}"), large text ${large[0]?.ratio.toFixed(2)}:1 (${large[0]?.still} "${large[0]?.text}")`)
    expect(small[0].ratio).toBeGreaterThanOrEqual(4.5)
    expect(large[0].ratio).toBeGreaterThanOrEqual(3)
  })
})
