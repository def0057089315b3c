import { expect, test } from '@playwright/test'
import { latestMail, uniqueEmail } from './helpers'
import { secondProjectDrafted, tryUntilRendered } from './try-helpers'

// Issue 26: the visitor's journey without a broken step. The e2e stack's worker renders 3 seconds
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
