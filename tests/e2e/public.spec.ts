import { AxeBuilder } from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { COMPILE_HINT } from '../../lib/build/compile-hints'

// Issue 13: the public face. The landing's sample video is the real Player, loaded only when asked;
// the public pages pass an automated accessibility check.

test('the landing page shows the sample video in the real Player once asked, and not before', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Sample listing video' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Watch a sample video' }).click()
  const player = page.getByRole('region', { name: 'Sample listing video' })
  await expect(player).toBeVisible({ timeout: 20_000 })
  // it plays: the time moves
  await expect.poll(() => player.getByRole('slider', { name: 'Seek' }).inputValue(), { timeout: 20_000 }).not.toBe('0')
})

test('the public pages pass an automated accessibility check (axe, WCAG 2.1 A and AA)', async ({ page }) => {
  for (const path of ['/', '/showcase', '/showcase?format=portrait', '/privacy', '/terms']) {
    await page.goto(path)
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
    expect(violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`), path).toEqual([])
  }
})

// Chrome's compile hint (lib/build/compile-hints.ts): a production build marks the scripts a page runs
// at startup, so their functions compile while they stream in; code loaded later (the Player) is not all marked.
test('the landing page starts from scripts marked for eager compilation, and loads the Player without that mark', async ({ page, request }) => {
  // `next dev` serves its own unbundled chunks and never runs the build step that adds the hint
  test.skip(process.env.E2E_NEXT === 'dev', 'the hint is added by the production build')
  const firstLine = async (src: string) => (await (await request.get(src)).text()).split('\n')[0]
  const html = await (await request.get('/')).text()
  const startup = [...html.matchAll(/<script src="([^"]+\.js)" async=""/g)].map((m) => m[1])
  expect(startup.length).toBeGreaterThan(3)
  for (const src of startup) expect(await firstLine(src), src).toBe(COMPILE_HINT)

  await page.goto('/')
  const later: string[] = []
  page.on('request', (r) => { if (/\/_next\/static\/chunks\/.+\.js$/.test(r.url())) later.push(new URL(r.url()).pathname) })
  await page.getByRole('button', { name: 'Watch a sample video' }).click()
  await expect(page.getByRole('region', { name: 'Sample listing video' })).toBeVisible({ timeout: 20_000 })
  const lazy = later.filter((src) => !startup.includes(src))
  expect(lazy.length).toBeGreaterThan(0)
  const lines = await Promise.all(lazy.map(firstLine))
  expect(lines.filter((line) => line !== COMPILE_HINT).length, lazy.join(' ')).toBeGreaterThan(0)
})
