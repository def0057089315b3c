import { expect, test } from '@playwright/test'
import { createClient } from '@supabase/supabase-js'
import { DEMO_LISTING_ID, DEMO_TEAM_ID, seedDemoListing } from '../../scripts/demo-listing'
import { serverRealtimeOptions } from '../../lib/supabase/realtime-transport'
import { CLI_SERVICE_ROLE_KEY } from '../../supabase/local/config'
import { DEMO, DEMO_PASSWORD, standInUrl } from './env'
import { headPreloads, signIn } from './helpers'

// creating a video speaks its scenes before the editor opens (narrated by default, issue 25): allow for it
const CREATED = { timeout: 120_000 }
test.describe.configure({ timeout: 240_000 })

// Issue 12: click Render, watch the progress move over realtime, play and download the result. The
// e2e stack's worker renders 11 seconds at a quarter of the size (RENDER_SCALE, RENDER_MAX_FRAMES)
// so this takes seconds.
test('a member renders a video: the credit is taken, progress moves live, the MP4 plays and downloads', async ({ page }) => {
  // a narrated video, created, rendered and checked: 100–200 s while other specs render beside it
  test.setTimeout(300_000)
  await seedDemoListing(standInUrl, CLI_SERVICE_ROLE_KEY)
  await signIn(page, DEMO.member, DEMO_PASSWORD)
  await page.waitForURL(/\/dashboard\/[0-9a-f-]{36}/)
  const listing = `/dashboard/${DEMO_TEAM_ID}/props/${DEMO_LISTING_ID}`
  await page.goto(`${listing}/create-video`)
  await page.getByLabel('Video title').fill('Rendered in the browser test')
  await page.getByRole('button', { name: 'Create video' }).click()
  await expect(page).toHaveURL(/\/edit$/, CREATED)
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
  // the e2e worker renders the first 330 frames (RENDER_MAX_FRAMES)
  expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeCloseTo(11, 0)
  await expect(card.getByTestId('render-history').getByText('Done')).toBeVisible()
  await expect(card.getByTestId('render-history').getByText('· High')).toBeVisible()

  const download = await page.request.get((await result.getByRole('link', { name: /Download/ }).getAttribute('href'))!)
  expect(download.status()).toBe(200)
  expect(download.headers()['content-disposition']).toMatch(/attachment; filename="?.+-landscape\.mp4/)
  expect((await download.body()).subarray(4, 8).toString()).toBe('ftyp')

  // share it: the public page plays the render for a visitor (no session), with video unfurl tags
  const share = page.getByTestId('share-card')
  await share.getByRole('switch', { name: 'Share on a public page' }).check()
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Shared' })).toBeVisible()
  const shareUrl = await share.getByLabel('Share link').inputValue()
  expect(shareUrl).toMatch(/\/share\/[A-Za-z0-9_-]{12,}$/)
  const visitor = await page.context().browser()!.newContext({ baseURL: new URL(shareUrl).origin })
  const publicPage = await visitor.newPage()
  const response = await publicPage.goto(shareUrl)
  expect(response?.status()).toBe(200)
  await expect(publicPage.getByRole('heading', { level: 1 })).toBeVisible()
  expect(await publicPage.locator('meta[property="og:video"]').getAttribute('content')).toBe(`${shareUrl}/video`)
  expect(await publicPage.locator('meta[property="og:image"]').getAttribute('content')).toBe(`${shareUrl}/poster`)
  // its poster, the page's largest paint, is asked for from the <head>, ahead of the scripts
  const shareId = shareUrl.split('/').pop()!
  expect(await headPreloads(publicPage, shareUrl)).toContainEqual(expect.objectContaining({ as: 'image', href: `/share/${shareId}/poster?w=720`, fetchpriority: 'high' }))
  const played = publicPage.locator('video')
  await expect.poll(() => played.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 }).toBeGreaterThanOrEqual(1)
  await expect(publicPage.getByRole('link', { name: /Made with/ })).toHaveAttribute('href', '/')
  // submitted to the showcase; once approved (the admin screens come later: approved here with the
  // service key) a visitor finds it there and it opens the share page
  await share.getByRole('button', { name: 'Submit to showcase' }).click()
  await expect(share.getByTestId('showcase-state')).toHaveText(/Submitted/)
  const service = createClient(standInUrl, CLI_SERVICE_ROLE_KEY, { auth: { persistSession: false }, realtime: serverRealtimeOptions })
  expect((await service.from('videos').update({ showcase: 'approved' }).eq('share_id', shareId)).error).toBeNull()
  await publicPage.goto('/showcase')
  // the tile is named by the listing's title, as the share page is (not the video's name)
  const tile = publicPage.locator(`a[href="/share/${shareId}"]`)
  await expect(tile).toBeVisible()
  const filters = publicPage.getByRole('navigation', { name: 'Filter by format' })
  await filters.getByRole('link', { name: 'Landscape' }).click()
  await expect(filters.getByRole('link', { name: 'Landscape' })).toHaveAttribute('aria-current', 'page')
  await expect(tile).toBeVisible()
  await filters.getByRole('link', { name: 'Portrait' }).click()
  await expect(publicPage.getByText('No videos in this format yet.')).toBeVisible()

  // unshare: the page and its file are gone at the next request, and so is the showcase entry
  await share.getByRole('switch', { name: 'Share on a public page' }).uncheck()
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'No longer shared' })).toBeVisible()
  expect((await publicPage.goto(shareUrl))?.status()).toBe(404)
  expect((await publicPage.request.get(`${shareUrl}/video`, { maxRedirects: 0 })).status()).toBe(404)
  await publicPage.goto('/showcase')
  await expect(publicPage.locator(`a[href="/share/${shareId}"]`)).toHaveCount(0)
  await visitor.close()

  // one credit spent (shown after a reload)
  await page.reload()
  await expect(page.getByTestId('render-card').getByRole('link', { name: new RegExp(`^${balanceBefore - 1} credit`) })).toBeVisible()

  // the team home lists the render
  await page.goto(`/dashboard/${DEMO_TEAM_ID}`)
  const recent = page.getByRole('list', { name: 'Recent renders' })
  await expect(recent.getByRole('link', { name: 'Rendered in the browser test' }).first()).toBeVisible()
  await expect(recent.getByText('Ready').first()).toBeVisible()
})

// Issue 28: the second click on Render reuses what the first rendered; the history says so. In this
// file, after the test above, so the two never spend the demo team's credits at the same time (the
// one above counts them).
test('rendering an unchanged video again reuses every segment, and the history says so', async ({ page }) => {
  test.setTimeout(300_000)
  await seedDemoListing(standInUrl, CLI_SERVICE_ROLE_KEY)
  await signIn(page, DEMO.member, DEMO_PASSWORD)
  await page.waitForURL(/\/dashboard\/[0-9a-f-]{36}/)
  await page.goto(`/dashboard/${DEMO_TEAM_ID}/props/${DEMO_LISTING_ID}/create-video`)
  await page.getByLabel('Video title').fill('Rendered twice')
  await page.getByRole('button', { name: 'Create video' }).click()
  await expect(page).toHaveURL(/\/edit$/, CREATED)
  // a caption no other video of the team has, so the first render cannot be all reused from another
  // video of the same listing (the cache is shared by the team's videos that show the same frames)
  await page.getByLabel('Caption for scene 1').fill(`Harbour light ${Date.now().toString(36)}`)
  await expect(page.getByTestId('save-status')).toHaveText('All changes saved', { timeout: 30_000 })
  await page.goto(page.url().replace(/\/edit$/, ''))

  const card = page.getByTestId('render-card')
  const history = card.getByTestId('render-history')
  const render = async (done: number) => {
    await card.getByRole('button', { name: 'Render video' }).click()
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Render queued' }).first()).toBeVisible()
    await expect(history.getByText('Done')).toHaveCount(done, { timeout: 150_000 })
  }
  await render(1)
  await expect(history.locator('li').first()).not.toContainText('all reused')
  const first = await card.getByTestId('render-result').locator('video').evaluate((v: HTMLVideoElement) => new Promise<number>((resolve) => (v.readyState >= 1 ? resolve(v.duration) : v.addEventListener('loadedmetadata', () => resolve(v.duration), { once: true }))))

  await render(2)
  // newest first: the second run is the top row
  await expect(history.locator('li').first()).toContainText('all reused')
  const video = card.getByTestId('render-result').locator('video')
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 }).toBeGreaterThanOrEqual(1)
  expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeCloseTo(first, 1)
})
