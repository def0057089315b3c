import path from 'node:path'
import { expect, type Page } from '@playwright/test'

// The try flow's steps as a visitor clicks them (tests/e2e/try.spec.ts, journeys.spec.ts).

const SAMPLES = path.resolve(import.meta.dirname, '..', '..', 'public', 'remotion', 'samples')
export const photos = ['exterior-dusk.jpg', 'living-room.jpg', 'kitchen.jpg'].map((name) => path.join(SAMPLES, name))

export async function tryUntilRendered(page: Page): Promise<{ projectUrl: string; progressUrl: string }> {
  await page.goto('/try')
  await page.getByRole('link', { name: 'Start the trial' }).click()
  await expect(page).toHaveURL(/\/try\/intro$/)
  await page.getByRole('button', { name: 'Start my trial' }).click()
  await expect(page).toHaveURL(/\/try\/property$/, { timeout: 60_000 })

  // the step checks before anything is sent: the city is missing and there are no photos
  await page.getByLabel('Street address').fill('14 Harbour View Rd')
  await page.getByRole('button', { name: 'Next: the video' }).click()
  await expect(page.getByText('Enter the city.')).toBeVisible()
  await expect(page.getByText('Add at least 3 photos (you have 0).')).toBeVisible()

  await page.getByLabel('City').fill('Sydney')
  await page.getByLabel('Country').fill('AU')
  await page.getByLabel('Price (optional)').fill('1450000')
  await page.getByLabel('Currency').fill('AUD')
  await page.getByLabel('Bedrooms').fill('4')
  await page.getByLabel('Bathrooms').fill('2')
  await page.getByLabel('Photos (3 to 10)').setInputFiles(photos)
  await expect(page.getByText(/^Uploaded/)).toHaveCount(3, { timeout: 90_000 })

  // a reload keeps the photos (stored) and the typed facts (this browser)
  await page.reload()
  await expect(page.getByLabel('City')).toHaveValue('Sydney')
  await expect(page.getByText(/^Uploaded/)).toHaveCount(3)
  await page.getByRole('button', { name: 'Next: the video' }).click()

  await expect(page).toHaveURL(/\/try\/video$/, { timeout: 20_000 })
  await expect(page.getByTestId('template-option')).toHaveCount(3)
  await page.getByTestId('template-option').filter({ hasText: 'Social Reel' }).click()
  await page.getByTestId('format-option').filter({ hasText: 'Square' }).click()
  await page.getByRole('button', { name: 'Make my video' }).click()

  await expect(page).toHaveURL(/\/try\/[0-9a-f-]{36}$/, { timeout: 20_000 })
  const projectUrl = page.url()
  await expect(page.getByRole('region', { name: 'Your video, live' })).toBeVisible()
  await expect(page.getByTestId('trial-scene')).toHaveCount(3)
  await page.getByLabel('Scene 2 caption').fill('Sunlit living room')
  await page.getByRole('button', { name: 'Move scene 3 up' }).click()
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Changes saved' })).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Scene 3 caption')).toHaveValue('Sunlit living room')

  await page.getByRole('button', { name: 'Render my video' }).click()
  // the visitor's narrator speaks every scene before the run is queued (issue 25): seconds on a quiet box, more on a busy one
  await expect(page).toHaveURL(/\/try\/progress\/[0-9a-f-]{36}$/, { timeout: 90_000 })
  const progressUrl = page.url()
  await expect(page.getByRole('progressbar', { name: 'Render progress' }).or(page.getByTestId('trial-video'))).toBeVisible({ timeout: 30_000 })
  const video = page.getByTestId('trial-video')
  await expect(video).toBeVisible({ timeout: 150_000 })
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 }).toBeGreaterThanOrEqual(1)
  expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeCloseTo(11, 0)
  const download = await page.request.get((await page.getByRole('link', { name: 'Download MP4' }).getAttribute('href'))!)
  expect(download.status()).toBe(200)
  expect((await download.body()).subarray(4, 8).toString()).toBe('ftyp')
  return { projectUrl, progressUrl }
}

/** From /try/intro with a trial session: "Start over with another property", a second project to its drafted video (not rendered). */
export async function secondProjectDrafted(page: Page, address: string): Promise<string> {
  await page.goto('/try/intro')
  await page.getByRole('button', { name: 'Start over with another property' }).click()
  await expect(page).toHaveURL(/\/try\/property$/, { timeout: 60_000 })
  await page.getByLabel('Street address').fill(address)
  await page.getByLabel('City').fill('Melbourne')
  await page.getByLabel('Country').fill('AU')
  await page.getByLabel('Bedrooms').fill('2')
  await page.getByLabel('Bathrooms').fill('1')
  await page.getByLabel('Photos (3 to 10)').setInputFiles(photos)
  await expect(page.getByText(/^Uploaded/)).toHaveCount(3, { timeout: 90_000 })
  await page.getByRole('button', { name: 'Next: the video' }).click()
  await expect(page).toHaveURL(/\/try\/video$/, { timeout: 20_000 })
  await page.getByRole('button', { name: 'Make my video' }).click()
  await expect(page).toHaveURL(/\/try\/[0-9a-f-]{36}$/, { timeout: 20_000 })
  return page.url()
}
