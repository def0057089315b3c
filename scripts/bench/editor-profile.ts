// Where the editor's time goes (a profile, not a guess): records Chromium CPU profiles of (1) typing
// into a scene caption with the Player paused on that scene and (2) a cold load of the editor, maps
// every sample to the original source through the build's source maps, and prints the self time per
// source file and per function. Needs a build with browser source maps, so it starts its own e2e
// stack with NEXT_BROWSER_SOURCEMAPS=1 (stop any running one first), or reuses one built that way.
//   npm run bench:editor-profile
//   npm run bench:editor-profile -- --keys 40 --top 30 --save-trace /tmp/typing.json
import { writeFile } from 'node:fs/promises'
import os from 'node:os'
import type { CDPSession, Page } from '@playwright/test'
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping'
import { appUrl } from '../../tests/e2e/env.ts'
import { demoOwnerSession, openNewEditor } from '../lib/demo-session.ts'
import { startStack, stopStack } from '../lib/e2e-stack.ts'

const args = process.argv.slice(2)
const option = (name: string, fallback: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback)
const keys = option('--keys', 40)
const top = option('--top', 25)
process.env.NEXT_BROWSER_SOURCEMAPS = '1'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
  children?: number[]
}
interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
  startTime: number
  endTime: number
}

const maps = new Map<string, Promise<TraceMap | null>>()
function mapFor(url: string): Promise<TraceMap | null> {
  if (!maps.has(url)) {
    // the chunk names its map in its last line (Turbopack's map names differ from the chunk's)
    const load = async () => {
      const script = await (await fetch(url)).text()
      const name = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(script)?.[1]
      if (!name) return null
      const mapUrl = new URL(name, url).href
      const response = await fetch(mapUrl)
      return response.ok ? new TraceMap(await response.text(), mapUrl) : null
    }
    maps.set(url, load().catch(() => null))
  }
  return maps.get(url)!
}

/** a source path a reader recognises: the package for node_modules, else the project path */
function shortSource(source: string): string {
  const clean = source.replace(/^.*?\/(?=node_modules\/|app\/|components\/|lib\/|remotion\/)/, '').replace(/^turbopack:\/\/\/\[project\]\//, '')
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(clean)
  return pkg ? `npm:${pkg[1]}` : clean
}

async function frameName(frame: ProfileNode['callFrame']): Promise<{ file: string; name: string }> {
  let file = frame.url ? frame.url.replace(appUrl, '') : `(${frame.functionName || 'native'})`
  let name = frame.functionName || '(anonymous)'
  if (frame.url.startsWith(appUrl) && frame.lineNumber >= 0) {
    const map = await mapFor(frame.url)
    if (map) {
      const original = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber })
      if (original.source) {
        file = shortSource(original.source)
        name = `${original.name ?? name} (${file}:${original.line})`
      }
    }
  }
  if (['(idle)', '(program)', '(garbage collector)'].includes(frame.functionName)) file = frame.functionName
  return { file, name }
}

async function summarise(title: string, profile: Profile) {
  const names = new Map<number, { file: string; name: string }>()
  for (const node of profile.nodes) names.set(node.id, await frameName(node.callFrame))
  const parent = new Map<number, number>()
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)
  const byFile = new Map<string, number>()
  const byFunction = new Map<string, number>()
  // inclusive time of the project's own functions (each counted once per sample, recursion or not)
  const inclusive = new Map<string, number>()
  let total = 0
  profile.samples.forEach((id, index) => {
    const ms = (profile.timeDeltas[index] ?? 0) / 1000
    total += ms
    const { file, name } = names.get(id)!
    byFile.set(file, (byFile.get(file) ?? 0) + ms)
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms)
    const seen = new Set<string>()
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = names.get(at)!
      if (frame.file.startsWith('npm:') || frame.file.startsWith('(') || frame.file.startsWith('/') || frame.file.startsWith('turbopack:')) continue
      if (!seen.has(frame.name)) inclusive.set(frame.name, (inclusive.get(frame.name) ?? 0) + ms)
      seen.add(frame.name)
    }
  })
  const busy = total - (byFile.get('(idle)') ?? 0)
  console.log(`\n## ${title}: ${total.toFixed(0)} ms sampled, ${busy.toFixed(0)} ms busy`)
  const print = (label: string, table: Map<string, number>) => {
    console.log(`\n${label}`)
    for (const [key, ms] of [...table].filter(([key]) => key !== '(idle)').sort((a, b) => b[1] - a[1]).slice(0, top)) {
      console.log(`${ms.toFixed(1).padStart(8)} ms  ${((ms / busy) * 100).toFixed(1).padStart(5)} %  ${key}`)
    }
  }
  print('self time by source file', byFile)
  print('self time by function', byFunction)
  print("total time (self and callees) of the project's functions", inclusive)
}

interface TraceEvent {
  name: string
  ph: string
  dur?: number
  tid: number
  pid: number
  args?: { data?: { elementCount?: number }; elementCount?: number }
}

/** The renderer main thread's work by kind: what the JS profile lumps together as "(program)". */
function summariseTrace(title: string, events: TraceEvent[]) {
  const main = events.find((e) => e.name === 'thread_name' && (e.args as { name?: string } | undefined)?.name === 'CrRendererMain')
  const own = events.filter((e) => e.ph === 'X' && e.dur && (!main || (e.pid === main.pid && e.tid === main.tid)))
  const kinds = ['RunTask', 'FunctionCall', 'EventDispatch', 'EvaluateScript', 'v8.compile', 'v8.compileModule', 'v8.evaluateModule', 'ParseAuthorStyleSheet', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit', 'HitTest', 'ParseHTML', 'TimerFire', 'FireAnimationFrame', 'Decode Image', 'MajorGC', 'MinorGC']
  console.log(`\n## ${title}`)
  for (const kind of kinds) {
    const matching = own.filter((e) => e.name === kind)
    if (!matching.length) continue
    const ms = matching.reduce((sum, e) => sum + (e.dur ?? 0), 0) / 1000
    const elements = matching.reduce((sum, e) => sum + (e.args?.elementCount ?? e.args?.data?.elementCount ?? 0), 0)
    console.log(`${ms.toFixed(1).padStart(8)} ms  ${String(matching.length).padStart(5)}×  ${kind}${elements ? `  (${elements} elements)` : ''}`)
  }
}

async function profiled(cdp: CDPSession, work: () => Promise<unknown>): Promise<Profile> {
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
  await cdp.send('Profiler.start')
  await work()
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile }
  return profile
}

async function typeIntoCaption(page: Page, count: number) {
  await page.getByTestId('scene-preview').first().click()
  const caption = page.getByLabel('Caption for scene 1')
  await caption.fill('')
  await caption.focus()
  let typed = ''
  for (const char of 'Harbour light all day long, water views'.repeat(3).slice(0, count)) {
    typed += char
    await page.keyboard.type(char)
    await page.waitForFunction((text) => document.querySelector('[data-testid="video-player"]')?.textContent?.includes(text), typed.trimEnd(), { polling: 'raf' })
  }
}

async function main() {
  console.log(`${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(2)}; ${keys} keystrokes`)
  const stack = await startStack()
  const { browser, page } = await demoOwnerSession()
  try {
    const editorUrl = await openNewEditor(page, 'Profiled tour')

    const cdp = await page.context().newCDPSession(page)
    const cold = await profiled(cdp, async () => {
      await page.goto(editorUrl)
      await page.getByTestId('player-state').waitFor({ timeout: 60_000 })
      await page.locator('[data-testid="composition-details"][data-state="success"]').waitFor({ timeout: 60_000 })
    })
    // the same cold load under a Chromium trace: the native work the profile calls "(program)"
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8'] })
    await page.goto(editorUrl)
    await page.getByTestId('player-state').waitFor({ timeout: 60_000 })
    await page.locator('[data-testid="composition-details"][data-state="success"]').waitFor({ timeout: 60_000 })
    const coldTrace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] }
    const cdp2 = await page.context().newCDPSession(page)
    const typing = await profiled(cdp2, () => typeIntoCaption(page, keys))
    const trace = await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] }).then(async () => {
      await typeIntoCaption(page, keys)
      const buffer = await browser.stopTracing()
      // --save-trace FILE: the raw trace, to open in Chromium's Performance panel
      if (args.includes('--save-trace')) await writeFile(args[args.indexOf('--save-trace') + 1], buffer)
      return JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }
    })
    const mapped = await mapFor(`${appUrl}${new URL((await page.evaluate(() => [...document.scripts].map((s) => s.src).find(Boolean))) ?? appUrl).pathname}`)
    if (!mapped) console.log('\n(no source maps: the stack was built without NEXT_BROWSER_SOURCEMAPS=1; names are the minified ones)')
    await summarise('editor cold load', cold)
    await summarise(`typing ${keys} characters into a caption`, typing)
    summariseTrace('editor cold load (Chromium trace, main thread)', coldTrace.traceEvents)
    summariseTrace(`typing ${keys} characters (Chromium trace, main thread)`, trace.traceEvents)
  } finally {
    await browser.close()
    stopStack(stack)
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
