// Page and editor timings (a benchmark, not a test). Starts the end-to-end stack (in-memory stand-in
// + production build of the app, as `npm run test:e2e` does) unless one is already up, adds the demo
// listing (six photos), signs in as the demo owner in the system Chromium and prints medians of:
//   - create-video page: navigation to DOMContentLoaded, and until all six live thumbnails have drawn
//     their photos;
//   - Create video (every default: a voice, so the scenes are spoken first) → the narrated editor
//     with its Player ready; the first round of a fresh stack speaks all six scenes, later rounds
//     find the clips in the team's cache (same scripts, same voice), so round 1 is also printed alone;
//   - editor (cold load): until the Player and the composition details ("Up to date") are shown,
//     through the driver; and in the page, from the navigation's start to the end of the first frame
//     that shows the Player (without the driver's polling, which forces a layout on every check);
//   - typing: from one keystroke in a caption to the Player showing the new text (paused on that
//     scene; includes a few ms of browser-driver round trip), and the same measured in the page:
//     from the keydown event to the end of the main-thread work of the first frame after the
//     Player's text changed;
//   - autosave: from the last keystroke to "All changes saved" (includes the 800 ms debounce);
//   - video page: until its Player is ready.
//   npm run bench:editor                  5 rounds, 20 keystrokes
//   npm run bench:editor -- --rounds 10
import os from 'node:os'
import type { Page } from '@playwright/test'
import { appUrl } from '../../tests/e2e/env.ts'
import { DEMO_LISTING_ID, DEMO_TEAM_ID } from '../demo-listing.ts'
import { demoOwnerSession } from '../lib/demo-session.ts'
import { startStack, stopStack } from '../lib/e2e-stack.ts'
import { median } from '../lib/stats.ts'

const args = process.argv.slice(2)
const rounds = Number(args.includes('--rounds') ? args[args.indexOf('--rounds') + 1] : 5)
const keystrokes = 20
const listingUrl = `${appUrl}/dashboard/${DEMO_TEAM_ID}/props/${DEMO_LISTING_ID}`
const timings: Record<string, number[]> = {}
const record = (name: string, ms: number) => (timings[name] ??= []).push(ms)

async function timed(name: string, work: () => Promise<unknown>) {
  const started = performance.now()
  await work()
  record(name, performance.now() - started)
}

async function thumbnailsDrawn(page: Page) {
  await page.waitForFunction(
    () => {
      const images = [...document.querySelectorAll<HTMLImageElement>('[data-testid="template-option"] img, [data-testid="format-option"] img')]
      return images.length >= 6 && images.every((img) => img.complete && img.naturalWidth > 0)
    },
    null,
    { timeout: 60_000, polling: 'raf' },
  )
}

async function editorReady(page: Page) {
  await page.getByTestId('player-state').waitFor({ timeout: 60_000 })
  await page.locator('[data-testid="composition-details"][data-state="success"]').waitFor({ timeout: 60_000 })
}

async function main() {
  console.log(`${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(2)}; ${rounds} rounds`)
  const stack = await startStack()
  const { browser, page } = await demoOwnerSession()
  // on every page: `__afterFrame(callback)` calls back when the next frame's main-thread work (style,
  // layout, paint, commit) is done: a rAF callback runs at the start of that work, and a task it posts
  // runs after it. The task is user-blocking (scheduler.postTask), so tasks already queued by then
  // (the keystroke's selectionchange, a timer) do not count as the frame's time: a MessageChannel
  // message, used before, waited behind them, ~3.5 ms more at the median (docs/editor.md, eighth round).
  // And when the Player's state chip first appears, the end of the frame that shows it, in ms from the
  // navigation's start.
  await page.addInitScript(() => {
    const w = window as unknown as { __playerShownAt?: number; __afterFrame: (callback: () => void) => void }
    const scheduler = (window as unknown as { scheduler?: { postTask: (task: () => void, options: { priority: string }) => Promise<void> } }).scheduler
    w.__afterFrame = (callback) =>
      requestAnimationFrame(() => {
        if (scheduler) return void scheduler.postTask(callback, { priority: 'user-blocking' })
        const channel = new MessageChannel()
        channel.port1.onmessage = callback
        channel.port2.postMessage(null)
      })
    new MutationObserver((_records, observer) => {
      if (!document.querySelector('[data-testid="player-state"]')) return
      observer.disconnect()
      w.__afterFrame(() => (w.__playerShownAt = performance.now()))
    }).observe(document, { subtree: true, childList: true })
  })
  try {

    for (let round = 0; round < rounds; round++) {
      await timed('create page: DOMContentLoaded', () => page.goto(`${listingUrl}/create-video`, { waitUntil: 'domcontentloaded' }))
      const drawnFrom = performance.now()
      await thumbnailsDrawn(page)
      record('create page: six thumbnails drawn (after DOMContentLoaded)', performance.now() - drawnFrom)

      await page.getByLabel('Video title').fill(`Bench tour ${round + 1}`)
      // with every default (issue 25): a voice and music are chosen, so this includes speaking the
      // six scenes on the server (Flite; the clips are cached per team after the first round)
      await timed('Create video (defaults) → narrated editor ready', async () => {
        await page.getByRole('button', { name: 'Create video' }).click()
        await page.waitForURL(/\/edit$/, { timeout: 120_000 })
        await editorReady(page)
        await page.getByTestId('narration-current').first().waitFor({ timeout: 60_000 })
      })
      if (round === 0) record('Create video (defaults) → narrated editor ready, round 1 (uncached speech)', timings['Create video (defaults) → narrated editor ready'][0])
      const editorUrl = page.url()
      await timed('editor cold load → Player and details ready', async () => {
        await page.goto(editorUrl)
        await editorReady(page)
      })
      const shownAt = await page.waitForFunction(() => (window as unknown as { __playerShownAt?: number }).__playerShownAt)
      record('editor cold load → first frame with the Player (in the page)', (await shownAt.jsonValue()) as number)

      // typing: the Player paused in the middle of scene 1, one character at a time
      await page.getByTestId('scene-preview').first().click()
      const caption = page.getByLabel('Caption for scene 1')
      await caption.fill('')
      await caption.focus()
      // in the page as well: from the keydown event to the end of the first frame after the Player's
      // text changed, without the driver's round trips
      await page.evaluate(() => {
        const w = window as unknown as { __keyLatency: number[]; __keyAt: number | null; __afterFrame: (callback: () => void) => void }
        w.__keyLatency = []
        w.__keyAt = null
        document.addEventListener('keydown', () => (w.__keyAt = performance.now()), { capture: true })
        const player = document.querySelector('[data-testid="video-player"]')!
        new MutationObserver(() => {
          const at = w.__keyAt
          if (at === null) return
          w.__keyAt = null
          w.__afterFrame(() => w.__keyLatency.push(performance.now() - at))
        }).observe(player, { subtree: true, characterData: true, childList: true })
      })
      let typed = ''
      let lastKey = 0
      for (const char of 'Harbour light all day'.slice(0, keystrokes)) {
        typed += char
        const expected = typed.trimEnd()
        lastKey = performance.now()
        // pressed as a person does: released once the text shows (Playwright's type() releases at
        // once, and that keyup's handlers ran before the frame's end was seen)
        await page.keyboard.down(char)
        await page.waitForFunction((text) => document.querySelector('[data-testid="video-player"]')?.textContent?.includes(text), expected, { polling: 'raf' })
        // a space changes nothing visible yet: only letters are timed
        if (char !== ' ') record('keystroke → Player shows it', performance.now() - lastKey)
        await page.keyboard.up(char)
      }
      for (const ms of await page.evaluate(() => (window as unknown as { __keyLatency: number[] }).__keyLatency)) record('keystroke → next frame with it (in the page)', ms)
      await page.locator('[data-testid="save-status"][data-phase="saved"]').waitFor({ timeout: 30_000 })
      record('last keystroke → "All changes saved"', performance.now() - lastKey)

      await timed('video page → Player ready', async () => {
        await page.goto(editorUrl.replace(/\/edit$/, ''))
        await page.getByTestId('player-state').waitFor({ timeout: 60_000 })
      })
    }
  } finally {
    await browser.close()
    stopStack(stack)
  }
  const width = Math.max(...Object.keys(timings).map((name) => name.length))
  for (const [name, values] of Object.entries(timings)) {
    console.log(`${name.padEnd(width)}  median ${median(values).toFixed(0).padStart(5)} ms  min ${Math.min(...values).toFixed(0).padStart(5)}  max ${Math.max(...values).toFixed(0).padStart(5)}  (n=${values.length})`)
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
