import { expect, test } from '@playwright/test'
import { latestMail, uniqueEmail } from './helpers'
import { photos, secondProjectDrafted, tryUntilRendered } from './try-helpers'

// Issue 26: the visitor's journey without a broken step. The e2e stack's worker renders 11 seconds
// at a quarter of the size.

test('signing up from a rendered trial brings that trial, not the newest unrendered project', async ({ browser }) => {
  test.setTimeout(360_000)
  const context = await browser.newContext()
  const page = await context.newPage()
  const { projectUrl, progressUrl } = await tryUntilRendered(page)
  const renderedId = projectUrl.split('/').pop()!
  // a second property, drafted but never rendered: the newest project of this visitor
  const otherUrl = await secondProjectDrafted(page, '9 Collins Lane')
  expect(otherUrl).not.toBe(projectUrl)

  // back on the finished render, "Sign up to keep it"
  await page.goto(progressUrl)
  await page.getByRole('link', { name: 'Sign up to keep it' }).click()
  await expect(page).toHaveURL(/\/auth\/signup\?next=/)
  const email = uniqueEmail('journey')
  await page.getByLabel('Full name').fill('Jo Journey')
  await page.getByLabel('Work email').fill(email)
  await page.getByLabel('Password').fill('journey-pass-9')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByText('We sent a confirmation link to')).toBeVisible({ timeout: 20_000 })

  const mail = await latestMail(email, 'email_change')
  await page.goto(mail.links[0].url)
  await expect(page).toHaveURL(new RegExp(`/dashboard/create\\?import=${renderedId}$`), { timeout: 20_000 })
  const offer = page.getByTestId('trial-import-offer')
  await expect(offer.getByText('14 Harbour View Rd, Sydney')).toBeVisible()
  await expect(offer.getByText('9 Collins Lane')).toHaveCount(0)
  await context.close()
})

test('every try step survives Back, Forward and a second tab; the run follows live; a new look keeps the edits and says the render is older', async ({ browser }) => {
  test.setTimeout(360_000)
  const context = await browser.newContext()
  const page = await context.newPage()
  const hydration: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|#418|did not match|didn't match/i.test(message.text())) hydration.push(message.text())
  })
  await page.goto('/try/intro')
  await page.getByRole('button', { name: 'Start my trial' }).click()
  await expect(page).toHaveURL(/\/try\/property$/, { timeout: 60_000 })
  await page.getByLabel('Street address').fill('3 Back Lane')
  await page.getByLabel('City').fill('Perth')
  await page.getByLabel('Country').fill('AU')
  await page.getByLabel('Bedrooms').fill('3')
  await page.getByLabel('Bathrooms').fill('2')
  await page.getByLabel('Photos (3 to 10)').setInputFiles(photos)
  await expect(page.getByText(/^Uploaded/)).toHaveCount(3, { timeout: 90_000 })
  await page.getByRole('button', { name: 'Next: the video' }).click()
  await expect(page).toHaveURL(/\/try\/video$/, { timeout: 20_000 })

  // Back from the video step: the property step as saved, with every photo (it was blank, 2 of 5)
  await page.goBack()
  await expect(page).toHaveURL(/\/try\/property$/)
  await expect(page.getByLabel('City')).toHaveValue('Perth')
  await expect(page.getByLabel('Street address')).toHaveValue('3 Back Lane')
  await expect(page.getByText(/^Uploaded/)).toHaveCount(3)
  // a second tab shows the same step
  const second = await context.newPage()
  await second.goto('/try/property')
  await expect(second.getByLabel('City')).toHaveValue('Perth')
  await expect(second.getByText(/^Uploaded/)).toHaveCount(3)
  await second.close()

  await page.goForward()
  await expect(page).toHaveURL(/\/try\/video$/)
  await page.getByTestId('template-option').filter({ hasText: 'Social Reel' }).click()
  await page.getByRole('button', { name: 'Make my video' }).click()
  await expect(page).toHaveURL(/\/try\/[0-9a-f-]{36}$/, { timeout: 20_000 })
  const projectUrl = page.url()
  // Back to the video step shows the look chosen, not the one the page was first drawn with
  await page.goBack()
  await expect(page).toHaveURL(/\/try\/video$/)
  await expect(page.getByTestId('template-option').filter({ hasText: 'Social Reel' }).getByRole('radio')).toBeChecked()
  await page.goForward()
  await expect(page).toHaveURL(projectUrl)

  await page.getByLabel('Scene 2 caption').fill('Sunlit living room')
  // (the captioned scene 2 moves down to 3)
  await page.getByRole('button', { name: 'Move scene 3 up' }).click()
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Changes saved' })).toBeVisible()
  const order = await page.getByTestId('trial-scene').locator('img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src.split('?')[0]))
  // Back and Forward bring the saved edits, not the page as first drawn
  await page.goBack()
  await expect(page).toHaveURL(/\/try\/video$/)
  await page.goForward()
  await expect(page).toHaveURL(projectUrl)
  await expect(page.getByLabel('Scene 3 caption')).toHaveValue('Sunlit living room')

  // the render: the heading and the state follow the run live, also after a reload mid-run
  await page.getByRole('button', { name: 'Render my video' }).click()
  // the visitor's narrator speaks every scene before the run is queued (issue 25): seconds on a quiet box, more on a busy one
  await expect(page).toHaveURL(/\/try\/progress\/[0-9a-f-]{36}$/, { timeout: 90_000 })
  const progressUrl = page.url()
  const heading = page.getByTestId('trial-run-heading')
  if (await page.getByRole('progressbar', { name: 'Render progress' }).isVisible()) {
    await page.reload()
    await expect(heading).toBeVisible()
  }
  await expect(page.getByTestId('trial-video')).toBeVisible({ timeout: 150_000 })
  await expect(heading).toHaveText('Your video is ready')
  await expect(page.getByRole('heading', { name: 'Making your video' })).toHaveCount(0)
  // Back to the project page: it knows the render now (no "Render my video" from the cached page)
  await page.goBack()
  await expect(page).toHaveURL(projectUrl)
  await expect(page.getByRole('button', { name: 'Render my video' })).toHaveCount(0)
  await expect(page.getByTestId('trial-render-note')).toHaveText(/^This video has its trial render\./)
  await page.goForward()
  await expect(page).toHaveURL(progressUrl)
  await expect(heading).toHaveText('Your video is ready')

  // "Change template or format": the caption and order edits stay; the page says the render is older
  await page.goto(projectUrl)
  await page.getByRole('link', { name: 'Change template or format' }).click()
  await expect(page).toHaveURL(/\/try\/video$/)
  await page.getByTestId('template-option').filter({ hasText: 'Classic Tour' }).click()
  await page.getByRole('button', { name: 'Make my video' }).click()
  await expect(page).toHaveURL(projectUrl, { timeout: 20_000 })
  await expect(page.getByLabel('Scene 3 caption')).toHaveValue('Sunlit living room')
  expect(await page.getByTestId('trial-scene').locator('img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src.split('?')[0]))).toEqual(order)
  await expect(page.getByTestId('trial-render-note')).toContainText('Your trial render shows an earlier version of this video')
  await expect(page.getByTestId('trial-render-note')).toContainText('rendering it in your team uses one credit')
  await expect(page.getByRole('link', { name: 'Watch the earlier version' })).toBeVisible()

  expect(hydration).toEqual([])
  await context.close()
})
