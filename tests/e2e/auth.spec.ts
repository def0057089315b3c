import { expect, test } from '@playwright/test'
import { DEMO, DEMO_PASSWORD, appUrl } from './env'
import { latestMail, signIn, signOut, signUp, uniqueEmail } from './helpers'

const PASSWORD = 'listing-video-9'

test.describe('accounts', () => {
  test('signing up lands a new person on team creation', async ({ page }) => {
    await signUp(page, uniqueEmail(), PASSWORD)
    await expect(page).toHaveURL(/\/dashboard\/create$/)
  })

  test('a person can sign out and back in', async ({ page }) => {
    const email = uniqueEmail()
    await signUp(page, email, PASSWORD)
    await expect(page).toHaveURL(/\/dashboard\/create$/)

    await signOut(page)
    await expect(page.getByText('You have been signed out.')).toBeVisible()
    await page.goto('/dashboard/create')
    await expect(page).toHaveURL(/\/auth\/login\?next=%2Fdashboard%2Fcreate$/)

    await signIn(page, email, PASSWORD)
    await expect(page).toHaveURL(/\/dashboard\/create$/)
  })

  test('a wrong password says so and keeps the person on the form', async ({ page }) => {
    await signIn(page, DEMO.member, 'not-the-password')
    await expect(page.getByRole('alert').filter({ hasText: 'Wrong email or password.' })).toBeVisible()
    await expect(page).toHaveURL(/\/auth\/login/)
  })

  test('signing up with a taken email points to sign-in', async ({ page }) => {
    await signUp(page, DEMO.owner, PASSWORD)
    await expect(page.getByRole('alert').filter({ hasText: 'An account with this email already exists. Sign in instead.' }).first()).toBeVisible()
    await expect(page).toHaveURL(/\/auth\/signup/)
  })

  test('a password under 8 characters is refused before anything is sent', async ({ page }) => {
    await signUp(page, uniqueEmail(), 'short1')
    await expect(page.getByText('Use at least 8 characters.')).toBeVisible()
    await expect(page).toHaveURL(/\/auth\/signup/)
  })

  test('after signing in, the visitor returns to the page they asked for', async ({ page }) => {
    await page.goto('/dashboard/create?from=test')
    await expect(page).toHaveURL(/\/auth\/login\?next=%2Fdashboard%2Fcreate%3Ffrom%3Dtest$/)
    await signIn(page, DEMO.member, DEMO_PASSWORD)
    await expect(page).toHaveURL(/\/dashboard\/create\?from=test$/)
  })

  test('a next parameter pointing off-site is ignored', async ({ page }) => {
    await page.goto('/auth/login?next=https://evil.example/steal')
    await signIn(page, DEMO.admin, DEMO_PASSWORD)
    await page.waitForURL((url) => url.pathname.startsWith('/admin'))
    expect(new URL(page.url()).origin).toBe(appUrl)
  })

  test('a forgotten password is reset through the emailed link', async ({ page, context }) => {
    const email = uniqueEmail('reset')
    await signUp(page, email, PASSWORD)
    await expect(page).toHaveURL(/\/dashboard\/create$/)
    await signOut(page)

    await page.goto('/auth/forgot-password')
    await page.getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await expect(page.getByText('If an account exists for that email, we sent a link')).toBeVisible()

    const mail = await latestMail(email, 'recovery')
    const link = mail.links[0]?.url
    expect(link, 'the reset email carries a link').toBeTruthy()
    await page.goto(link!)
    await expect(page).toHaveURL(/\/auth\/reset-password$/)
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()

    const newPassword = 'brand-new-password-2'
    await page.getByLabel('New password', { exact: true }).fill(newPassword)
    await page.getByLabel('Repeat the new password').fill(newPassword)
    await page.getByRole('button', { name: 'Save new password' }).click()
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard'))

    await context.clearCookies()
    await signIn(page, email, PASSWORD)
    await expect(page.getByText('Wrong email or password.').first()).toBeVisible()
    await signIn(page, email, newPassword)
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard'))
  })

  test('asking for a reset of an unknown address gives the same answer', async ({ page }) => {
    await page.goto('/auth/forgot-password')
    await page.getByLabel('Email').fill(uniqueEmail('nobody'))
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await expect(page.getByText('If an account exists for that email, we sent a link')).toBeVisible()
  })
})
