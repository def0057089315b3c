import { expect, test } from '@playwright/test'
import { DEMO, DEMO_PASSWORD } from './env'
import { signIn } from './helpers'

/*
 * Issue 26, items 9 and 10, as a person meets them: an administrator in no team signs in and lands on
 * /admin (not "Create your team"); on a phone every admin link is on screen; a page past the end of the
 * user list says so and links to the last page; trial visitors are hidden by default; an admin page's
 * title tells a team member nothing.
 */

const NAVIGATION = { timeout: 30_000 }

test('an administrator in no team lands on /admin after signing in', async ({ page }) => {
  await signIn(page, DEMO.admin, DEMO_PASSWORD)
  await page.waitForURL((url) => url.pathname === '/admin', NAVIGATION)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page).not.toHaveURL(/\/dashboard\/create/)
})

test('on a phone every admin link is on screen, none scrolled away', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  const page = await context.newPage()
  await signIn(page, DEMO.admin, DEMO_PASSWORD)
  await page.waitForURL((url) => url.pathname === '/admin', NAVIGATION)
  const nav = page.getByRole('navigation', { name: 'Administration' })
  for (const name of ['Overview', 'Users', 'Feedback', 'Coupons', 'Voices', 'Error reporting test']) {
    const box = await nav.getByRole('link', { name }).boundingBox()
    expect(box, name).not.toBeNull()
    expect(box!.x, `${name} starts on screen`).toBeGreaterThanOrEqual(0)
    expect(box!.x + box!.width, `${name} ends on screen`).toBeLessThanOrEqual(390)
  }
  await context.close()
})

test('the user list hides trial visitors by default and a page past its end links to the last page', async ({ page }) => {
  await signIn(page, DEMO.admin, DEMO_PASSWORD)
  await page.waitForURL((url) => url.pathname === '/admin', NAVIGATION)
  await page.goto('/admin/users')
  await expect(page.getByText(/trial visitors are hidden/)).toBeVisible()
  await expect(page.getByLabel('Show')).toHaveValue('accounts')
  await page.goto('/admin/users?page=999')
  await expect(page.getByRole('heading', { name: 'This page is past the end of the list' })).toBeVisible()
  await expect(page.getByText('There are no accounts right now.')).toHaveCount(0)
  await page.getByRole('link', { name: /Go to the last page/ }).click()
  await page.waitForURL((url) => url.pathname === '/admin/users' && !url.searchParams.has('page'), NAVIGATION)
  await expect(page.getByRole('link', { name: 'admin@demo.test' }).or(page.getByText('admin@demo.test')).first()).toBeVisible()
})

test('an admin page is not-found for a team member, title included', async ({ page }) => {
  await signIn(page, DEMO.member, DEMO_PASSWORD)
  await page.waitForURL((url) => url.pathname.startsWith('/dashboard/'), NAVIGATION)
  for (const path of ['/admin', '/admin/users', '/admin/dev/coupons', '/admin/dev/voices']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    await expect(page, path).toHaveTitle('Page not found · Listing Studio')
  }
})
