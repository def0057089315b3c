import { expect, test, type Browser, type Page } from '@playwright/test'
import { DEMO, DEMO_PASSWORD } from './env'
import { signIn, signUp, uniqueEmail } from './helpers'

/*
 * Coupons end to end: an administrator creates one in /admin/dev/coupons; a team redeems it on its
 * account page with the code typed in lower case and sees the credits arrive; a second try and an
 * unknown code are refused with their sentences; the administrator sees the redemption counted and
 * deactivates the coupon. Issue 24: every unusable code reads the same, and the eleventh wrong code in
 * 15 minutes is refused with the time to wait (counted by redeem_coupon itself). The team is a new one (3 welcome credits), so the numbers are exact and
 * the demo team's balance, which other specs watch, is left alone.
 */

const NAVIGATION = { timeout: 30_000 }
const TEAM_URL = /\/dashboard\/([0-9a-f-]{36})$/

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage()
}

const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text })

test('an administrator creates a coupon, a team redeems it once in lower case, the admin sees it used and deactivates it', async ({ browser }) => {
  test.setTimeout(120_000)
  const code = `E2E-${Date.now().toString(36).toUpperCase()}`

  // the administrator creates it, typed in lower case with spaces around
  const admin = await newPage(browser)
  await signIn(admin, DEMO.admin, DEMO_PASSWORD)
  await admin.waitForURL((url) => url.pathname.startsWith('/admin'), NAVIGATION)
  await admin.goto('/admin/dev/coupons')
  await expect(admin.getByRole('heading', { name: 'Coupons', level: 1 })).toBeVisible()
  const form = admin.locator('form').filter({ has: admin.getByRole('button', { name: 'Create coupon' }) })
  // the browser check first: no request for a bad shape
  await form.getByLabel('Code').fill('ab')
  await form.getByLabel('Credits').fill('7')
  await form.getByRole('button', { name: 'Create coupon' }).click()
  await expect(form.getByText('A coupon code has 4 to 32 characters: letters A–Z, digits 0–9 and dashes.')).toBeVisible()
  await form.getByLabel('Code').fill(`  ${code.toLowerCase()} `)
  await form.getByLabel('Redemption limit').fill('5')
  await form.getByRole('button', { name: 'Create coupon' }).click()
  await expect(toast(admin, `Coupon ${code} created`)).toBeVisible()
  const row = admin.getByTestId(`coupon-${code}`)
  await expect(row).toContainText('0 of 5')
  await expect(row).toContainText('Active')
  // the same code again is refused by the database, under the field
  await form.getByLabel('Code').fill(code)
  await form.getByLabel('Credits').fill('3')
  await form.getByRole('button', { name: 'Create coupon' }).click()
  await expect(toast(admin, `A coupon with the code ${code} already exists.`)).toBeVisible()
  await expect(form.getByRole('alert')).toHaveText(`A coupon with the code ${code} already exists.`)

  // a new team's owner redeems it on the account page
  const owner = await newPage(browser)
  await signUp(owner, uniqueEmail('coupon-owner'), 'coupon-journey-9', 'Cora Coupon', '/auth/signup?next=/dashboard')
  await expect(owner).toHaveURL(/\/dashboard\/create/, NAVIGATION)
  await owner.getByLabel('Team name').fill('Coupon Coast Realty')
  await owner.getByRole('button', { name: 'Create team' }).click()
  await expect(owner).toHaveURL(TEAM_URL, NAVIGATION)
  const teamId = TEAM_URL.exec(new URL(owner.url()).pathname)![1]
  await owner.goto(`/dashboard/${teamId}/account`)
  const balance = owner.getByTestId('account-credit-balance')
  await expect(balance).toHaveText('3')

  const redeem = owner.getByRole('form', { name: 'Redeem a coupon' })
  await redeem.getByLabel('Coupon code').fill(code.toLowerCase())
  await redeem.getByRole('button', { name: 'Redeem' }).click()
  await expect(toast(owner, `7 credits added with ${code}`)).toContainText('Your team now has 10 credits.')
  await expect(balance).toHaveText('10')
  await expect(owner.getByRole('row', { name: new RegExp(`Coupon ${code}`) })).toContainText('+7')
  await expect(redeem.getByLabel('Coupon code')).toHaveValue('')

  // a second redemption by the same team is refused; so is a code that does not exist
  await redeem.getByLabel('Coupon code').fill(code)
  await redeem.getByRole('button', { name: 'Redeem' }).click()
  await expect(toast(owner, 'Your team has already redeemed this coupon.')).toBeVisible()
  await expect(redeem.getByRole('alert')).toHaveText('Your team has already redeemed this coupon.')
  await redeem.getByLabel('Coupon code').fill('NO-SUCH-CODE')
  await redeem.getByRole('button', { name: 'Redeem' }).click()
  await expect(toast(owner, 'This code cannot be redeemed. Check it and try again.')).toBeVisible()
  await owner.reload()
  await expect(balance).toHaveText('10')

  // the administrator sees it counted, then deactivates it (keyboard: the button is reachable and named)
  await admin.reload()
  await expect(row).toContainText('1 of 5')
  await row.getByRole('button', { name: `Deactivate ${code}` }).focus()
  await admin.keyboard.press('Enter')
  await expect(toast(admin, `${code} deactivated`)).toBeVisible()
  await expect(row).toContainText('Inactive')
  await expect(row.getByRole('button', { name: `Reactivate ${code}` })).toBeVisible()
})

test('the redeem form checks the code in the browser and explains the shape', async ({ page }) => {
  await signIn(page, DEMO.member, DEMO_PASSWORD)
  await page.waitForURL(TEAM_URL, NAVIGATION)
  await page.goto(`${new URL(page.url()).pathname}/account`)
  const redeem = page.getByRole('form', { name: 'Redeem a coupon' })
  await redeem.getByLabel('Coupon code').fill('no spaces allowed')
  await redeem.getByRole('button', { name: 'Redeem' }).click()
  await expect(redeem.getByRole('alert')).toHaveText('A coupon code has 4 to 32 characters: letters A–Z, digits 0–9 and dashes.')
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0)
})

test('every unusable code reads the same, and after ten wrong codes the eleventh is refused with the time to wait', async ({ browser }) => {
  test.setTimeout(120_000)
  const owner = await newPage(browser)
  await signUp(owner, uniqueEmail('coupon-guess'), 'coupon-guess-9', 'Gus Guesser', '/auth/signup?next=/dashboard')
  await expect(owner).toHaveURL(/\/dashboard\/create/, NAVIGATION)
  await owner.getByLabel('Team name').fill('Guesswork Realty')
  await owner.getByRole('button', { name: 'Create team' }).click()
  await expect(owner).toHaveURL(TEAM_URL, NAVIGATION)
  await owner.goto(`${new URL(owner.url()).pathname}/account`)
  const redeem = owner.getByRole('form', { name: 'Redeem a coupon' })
  const attempt = async (code: string) => {
    await redeem.getByLabel('Coupon code').fill(code)
    await Promise.all([
      owner.waitForResponse((response) => response.request().method() === 'POST' && response.url().includes('/account')),
      redeem.getByRole('button', { name: 'Redeem' }).click(),
    ])
  }
  for (let i = 0; i < 10; i++) {
    await attempt(`WRONG-${i}-${Date.now().toString(36).toUpperCase()}`)
    await expect(redeem.getByRole('alert')).toHaveText('This code cannot be redeemed. Check it and try again.')
  }
  await attempt('ANOTHER-GUESS')
  await expect(redeem.getByRole('alert')).toHaveText(/^Too many attempts\. Try again in 1[45] minutes\.$/)
  await expect(owner.getByTestId('account-credit-balance')).toHaveText('3')
})
