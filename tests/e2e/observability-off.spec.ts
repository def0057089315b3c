import { expect, test } from '@playwright/test'
import { DEMO, DEMO_PASSWORD, appUrl, standInUrl } from './env'
import { signIn, signOut } from './helpers'
import { DEMO_IDS, interact, recordRequests } from './observability-helpers'

// The e2e stack runs with no PostHog and no Sentry settings, as a fresh machine does: a whole
// session, visitor and signed in, must send nothing anywhere but the app and its backend.
test('with no outside service configured, a whole session talks only to the app and its backend', async ({ page }) => {
  test.setTimeout(120_000)
  const urls = recordRequests(page)
  for (const path of ['/', '/showcase', '/try/intro', '/privacy']) {
    await page.goto(path)
    await interact(page)
  }
  // past the moment analytics would load without any interaction
  await page.waitForTimeout(6_000)

  await signIn(page, DEMO.owner, DEMO_PASSWORD)
  await page.waitForURL(new RegExp(`/dashboard/${DEMO_IDS.team}$`))
  for (const section of ['', '/props', '/agents', '/library', '/account', '/profile']) {
    await page.goto(`/dashboard/${DEMO_IDS.team}${section}`)
    await interact(page)
  }
  await expect(page.getByTestId('analytics-state')).toHaveText(/Usage analytics is not turned on for this site/)
  await signOut(page)

  await signIn(page, DEMO.admin, DEMO_PASSWORD)
  await page.waitForURL(/\/admin/)
  await page.goto('/admin/dev/sentry-example')
  await expect(page.getByText('Not configured')).toHaveCount(3)
  await page.getByRole('button', { name: 'Throw a client error' }).click()
  await expect(page.getByTestId('sent-reports')).toContainText('not sent: Sentry is not configured')
  await page.getByRole('button', { name: 'Run a traced span' }).click()
  await expect(page.getByTestId('sent-reports')).toContainText('Traced span (browser → route handler, server action): not sent')
  await page.waitForTimeout(2_000)

  const allowed = new Set([new URL(appUrl).origin, new URL(standInUrl).origin])
  const elsewhere = urls.filter((url) => !url.startsWith('data:') && !url.startsWith('blob:') && !allowed.has(new URL(url).origin))
  expect(elsewhere).toEqual([])
  const relayed = urls.filter((url) => /^\/(ingest|api\/diagnostics)(\/|$)/.test(new URL(url).pathname))
  expect(relayed).toEqual([])
  expect(urls.length).toBeGreaterThan(50)
})
