import { expect, test } from '@playwright/test'
import { DEMO_LISTING_ID, DEMO_TEAM_ID, seedDemoListing } from '../../scripts/demo-listing'
import { CLI_SERVICE_ROLE_KEY } from '../../supabase/local/config'
import { DEMO, DEMO_PASSWORD, standInUrl } from './env'
import { signIn } from './helpers'

// Issue 12: click Render, watch the progress move over realtime, play and download the result. The
// e2e stack's worker renders 3 seconds at a quarter of the size (RENDER_SCALE, RENDER_MAX_FRAMES)
// so this takes seconds.
test('a member renders a video: the credit is taken, progress moves live, the MP4 plays and downloads', async ({ page }) => {
  test.setTimeout(180_000)
  await seedDemoListing(standInUrl, CLI_SERVICE_ROLE_KEY)
  await signIn(page, DEMO.member, DEMO_PASSWORD)
  await page.waitForURL(/\/dashboard\/[0-9a-f-]{36}/)
  const listing = `/dashboard/${DEMO_TEAM_ID}/props/${DEMO_LISTING_ID}`
  await page.goto(`${listing}/create-video`)
  await page.getByLabel('Video title').fill('Rendered in the browser test')
  await page.getByRole('button', { name: 'Create video' }).click()
  await expect(page).toHaveURL(/\/edit$/, { timeout: 30_000 })
  await page.goto(page.url().replace(/\/edit$/, ''))

  const card = page.getByTestId('render-card')
  const balanceBefore = Number((await card.getByRole('link', { name: /credit/ }).textContent())!.match(/\d+/)![0])
  await card.getByLabel('Format').selectOption('h264')
  // quality: keyboard reaches the radios; High is chosen with the arrow key
  await card.getByRole('radio', { name: /Standard/ }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(card.getByRole('radio', { name: /High/ })).toBeChecked()
  await card.getByRole('button', { name: 'Render video' }).click()
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Render queued' })).toBeVisible()

  // progress arrives over realtime: the bar moves past 0 before the run ends
  const bar = card.getByRole('progressbar', { name: 'Render progress' })
  await expect(bar).toBeVisible({ timeout: 30_000 })
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 90_000 }).toBeGreaterThan(0)
  await expect(card.getByText(/\d+ \/ \d+ frames/)).toBeVisible()

  // wherever the person is, a toast says the video is ready
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Your video is ready' })).toBeVisible({ timeout: 120_000 })
  const result = card.getByTestId('render-result')
  await expect(result).toBeVisible({ timeout: 20_000 })
  const video = result.locator('video')
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 }).toBeGreaterThanOrEqual(1)
  // the e2e worker renders the first 90 frames (RENDER_MAX_FRAMES)
  expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeCloseTo(3, 0)
  await expect(card.getByTestId('render-history').getByText('Done')).toBeVisible()
  await expect(card.getByTestId('render-history').getByText('· High')).toBeVisible()

  const download = await page.request.get((await result.getByRole('link', { name: /Download/ }).getAttribute('href'))!)
  expect(download.status()).toBe(200)
  expect(download.headers()['content-disposition']).toMatch(/attachment; filename="?.+-landscape\.mp4/)
  expect((await download.body()).subarray(4, 8).toString()).toBe('ftyp')

  // one credit spent (shown after a reload)
  await page.reload()
  await expect(page.getByTestId('render-card').getByRole('link', { name: new RegExp(`^${balanceBefore - 1} credit`) })).toBeVisible()

  // the team home lists the render
  await page.goto(`/dashboard/${DEMO_TEAM_ID}`)
  const recent = page.getByRole('list', { name: 'Recent renders' })
  await expect(recent.getByRole('link', { name: 'Rendered in the browser test' }).first()).toBeVisible()
  await expect(recent.getByText('Ready').first()).toBeVisible()
})
