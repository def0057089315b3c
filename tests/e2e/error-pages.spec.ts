import { expect, test } from '@playwright/test'
import { DEMO, DEMO_PASSWORD } from './env'
import { signIn } from './helpers'

test.describe('the generic error page', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, DEMO.admin, DEMO_PASSWORD)
    await page.waitForURL(/\/admin/)
  })

  test('names a client-side exception and the host', async ({ page }) => {
    await page.goto('/admin/dev/sentry-example')
    await page.getByRole('button', { name: 'Show the error page (client)' }).click()
    await expect(
      page.getByText(
        'Application error: a client-side exception has occurred while loading 127.0.0.1 (see the browser console for more information).',
      ),
    ).toBeVisible()
    await expect(page.getByText(/^Digest:/)).toHaveCount(0)
  })

  test('names a server-side exception, with the digest line', async ({ page }) => {
    const response = await page.goto('/admin/dev/sentry-example?throw=server')
    expect(response?.status()).toBe(500)
    await expect(
      page.getByText('Application error: a server-side exception has occurred while loading 127.0.0.1 (see the server logs for more information).'),
    ).toBeVisible()
    await expect(page.getByText(/^Digest: \S+/)).toBeVisible()
  })
})
