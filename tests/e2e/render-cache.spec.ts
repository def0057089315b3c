import { expect, test } from '@playwright/test'
import { DEMO_LISTING_ID, DEMO_TEAM_ID, seedDemoListing } from '../../scripts/demo-listing'
import { CLI_SERVICE_ROLE_KEY } from '../../supabase/local/config'
import { DEMO, DEMO_PASSWORD, standInUrl } from './env'
import { signIn } from './helpers'

// Issue 28: the second click on Render reuses what the first rendered. A person renders a video,
// renders it again unchanged, and the history says the second run was all reused; its file plays
// and lasts as long as the first.
const CREATED = { timeout: 120_000 }
test.describe.configure({ timeout: 300_000 })

test('rendering an unchanged video again reuses every segment, and the history says so', async ({ page }) => {
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
