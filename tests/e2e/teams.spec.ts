import { expect, test, type Browser, type Page } from '@playwright/test'
import { finishSignUp, latestMail } from './helpers'

/*
 * The team journeys of the dashboard, end to end against the local stand-in: each test signs up
 * its own people (unique emails), so tests never depend on each other or on the demo seed.
 */

const PASSWORD = 'team-journey-9'
const TEAM_URL = /\/dashboard\/([0-9a-f-]{36})$/
// first visits compile pages in development; navigation may take longer than an assertion
const NAVIGATION = { timeout: 30_000 }

function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 7)}@example.test`
}

async function signUp(page: Page, email: string, fullName: string, next = '/dashboard') {
  await page.goto(`/auth/signup?next=${encodeURIComponent(next)}`)
  await page.getByLabel('Full name').fill(fullName)
  await page.getByLabel('Work email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Create account' }).click()
  await finishSignUp(page, email)
}

async function createTeam(page: Page, name: string): Promise<string> {
  await expect(page).toHaveURL(/\/dashboard\/create/, NAVIGATION)
  await page.getByLabel('Team name').fill(name)
  await page.getByRole('button', { name: 'Create team' }).click()
  await expect(page).toHaveURL(TEAM_URL, NAVIGATION)
  return TEAM_URL.exec(new URL(page.url()).pathname)![1]
}

/** A fresh signed-up user who owns a new team, in their own browser context. */
async function ownerWithTeam(browser: Browser, teamName: string) {
  const context = await browser.newContext()
  const page = await context.newPage()
  const email = uniqueEmail('owner')
  await signUp(page, email, 'Olivia Owner')
  const teamId = await createTeam(page, teamName)
  return { context, page, email, teamId }
}

test('a new user signs up, creates a team and sees the three welcome credits', async ({ page }) => {
  await signUp(page, uniqueEmail('founder'), 'Fiona Founder')
  await expect(page).toHaveURL(/\/dashboard\/create/, NAVIGATION)
  await page.getByLabel('Team name').fill('  Seaside Homes  ')
  await page.getByRole('button', { name: 'Create team' }).click()
  // the toast lives 4 s: look for it before the team home has finished loading
  await expect(page.getByText('Team created — your welcome credits are ready')).toBeVisible()
  await expect(page).toHaveURL(TEAM_URL, NAVIGATION)

  await expect(page.getByTestId('credit-balance')).toHaveText('3')
  await expect(page.getByRole('button', { name: /Current team: Seaside Homes/ })).toBeVisible()
  await expect(page.getByText('Welcome credits: +3 credits')).toBeVisible()

  // /dashboard now returns to the team just created
  await page.goto('/dashboard')
  await expect(page).toHaveURL(TEAM_URL, NAVIGATION)
})

test('team names are checked in the browser before anything is sent', async ({ page }) => {
  await signUp(page, uniqueEmail('short'), 'Sam Short')
  await expect(page).toHaveURL(/\/dashboard\/create/, NAVIGATION)
  await page.getByLabel('Team name').fill(' x ')
  await page.getByRole('button', { name: 'Create team' }).click()
  await expect(page.getByText('A team name needs at least 2 characters.')).toBeVisible()
  // what was typed stays in the field
  await expect(page.getByLabel('Team name')).toHaveValue(' x ')
})

test('an outsider gets the not-found page on every page of another team', async ({ browser }) => {
  test.slow() // two people and seven pages
  const owner = await ownerWithTeam(browser, 'Private Realty')

  const outsiderContext = await browser.newContext()
  const outsider = await outsiderContext.newPage()
  await signUp(outsider, uniqueEmail('outsider'), 'Oscar Outsider')
  await expect(outsider).toHaveURL(/\/dashboard\/create/, NAVIGATION)

  const listingId = '6f1d7c2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f'
  for (const suffix of ['', '/account', '/profile', '/props', `/props/${listingId}`, '/agents', '/library']) {
    const response = await outsider.goto(`/dashboard/${owner.teamId}${suffix}`)
    expect(response?.status(), `status of ${suffix || '/'}`).toBe(404)
    await expect(outsider.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    await expect(outsider.getByText('Private Realty')).toHaveCount(0)
  }

  // a malformed team id looks exactly the same
  const malformed = await outsider.goto('/dashboard/not-a-team')
  expect(malformed?.status()).toBe(404)

  // for the member too, an unknown listing is a real 404, and so is a malformed listing id
  const own = await owner.page.goto(`/dashboard/${owner.teamId}/props/${listingId}`)
  expect(own?.status()).toBe(404)
  await expect(owner.page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  await owner.page.goto(`/dashboard/${owner.teamId}/props/not-a-listing`)
  await expect(owner.page.getByRole('heading', { name: 'Page not found' })).toBeVisible()

  await outsiderContext.close()
  await owner.context.close()
})

test('a visitor who opens a team page is sent to sign in and comes back', async ({ browser, page }) => {
  const owner = await ownerWithTeam(browser, 'Return Realty')
  await page.goto(`/dashboard/${owner.teamId}/account`)
  await expect(page).toHaveURL(new RegExp(`/auth/login\\?next=${encodeURIComponent(`/dashboard/${owner.teamId}/account`)}`))
  await page.getByLabel('Email').fill(owner.email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: /sign in/i }).click()
  await expect(page).toHaveURL(new RegExp(`/dashboard/${owner.teamId}/account$`), NAVIGATION)
  await owner.context.close()
})

test('an owner invites a teammate by email, who accepts from the mailbox link and sees the team', async ({ browser }) => {
  test.slow() // two people, an email and a sign-up
  const owner = await ownerWithTeam(browser, 'Invite Realty')
  const inviteeEmail = uniqueEmail('invitee')

  await owner.page.goto(`/dashboard/${owner.teamId}/account`)
  await owner.page.getByLabel('Email address').fill(inviteeEmail)
  await owner.page.getByRole('button', { name: 'Send invite' }).click()
  await expect(owner.page.getByText(`Invitation sent to ${inviteeEmail}`)).toBeVisible()
  await expect(owner.page.getByText(inviteeEmail, { exact: true })).toBeVisible()

  const mail = await latestMail(inviteeEmail)
  expect(mail.subject).toContain('Invite Realty')
  const link = mail.links.find((l) => l.label === 'Accept the invitation')!.url
  expect(link).toMatch(/\/dashboard\/create\?invite=[0-9a-f]{48}$/)

  const inviteeContext = await browser.newContext()
  const invitee = await inviteeContext.newPage()
  await invitee.goto(link)
  // not signed in yet: sign-in keeps the invitation link as `next`; the invitee has no account, so signs up
  await expect(invitee).toHaveURL(/\/auth\/login\?next=/, NAVIGATION)
  const next = new URL(invitee.url()).searchParams.get('next')!
  expect(next).toBe(new URL(link).pathname + new URL(link).search)
  await signUp(invitee, inviteeEmail, 'Ivy Invitee', next)

  await expect(invitee).toHaveURL(/\/dashboard\/create\?invite=/, NAVIGATION)
  await expect(invitee.getByText('From your email link')).toBeVisible()
  await invitee.getByRole('button', { name: 'Accept invitation to Invite Realty' }).click()
  await expect(invitee).toHaveURL(new RegExp(`/dashboard/${owner.teamId}$`), NAVIGATION)
  await expect(invitee.getByRole('button', { name: /Current team: Invite Realty/ })).toBeVisible()
  await expect(invitee.getByText('Ivy Invitee joined as member')).toBeVisible()

  // the owner now sees them as a member, and the invitation is no longer pending
  await owner.page.reload()
  await expect(owner.page.getByText('Ivy Invitee')).toBeVisible()
  await expect(owner.page.getByText('No invitations are waiting for an answer.')).toBeVisible()

  // the owner promotes, then removes them; the removed member is shut out at once
  await owner.page.getByLabel('Role of Ivy Invitee').selectOption('admin')
  await expect(owner.page.getByText('Ivy Invitee is now an admin')).toBeVisible()
  await owner.page.getByRole('button', { name: 'Remove Ivy Invitee' }).click()
  await owner.page.getByRole('dialog').filter({ hasText: 'Remove this member?' }).getByRole('button', { name: 'Remove member' }).click()
  await expect(owner.page.getByText('Ivy Invitee was removed from the team')).toBeVisible()
  const shutOut = await invitee.goto(`/dashboard/${owner.teamId}`)
  expect(shutOut?.status()).toBe(404)

  await inviteeContext.close()
  await owner.context.close()
})

test('a profile name change persists', async ({ browser }) => {
  const owner = await ownerWithTeam(browser, 'Profile Realty')
  await owner.page.goto(`/dashboard/${owner.teamId}/profile`)
  await owner.page.getByLabel('Full name').fill('Olivia Renamed')
  await owner.page.getByRole('button', { name: 'Save name' }).click()
  await expect(owner.page.getByText('Profile saved')).toBeVisible()

  await owner.page.reload()
  await expect(owner.page.getByLabel('Full name')).toHaveValue('Olivia Renamed')
  await owner.page.goto(`/dashboard/${owner.teamId}`)
  await expect(owner.page.getByRole('heading', { name: 'Welcome back, Olivia' })).toBeVisible()
  await owner.context.close()
})

// a 1×1 PNG: enough for the storage round trip and the preview
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

test('a profile photo uploads to storage and shows as the avatar', async ({ browser }) => {
  const owner = await ownerWithTeam(browser, 'Avatar Realty')
  await owner.page.goto(`/dashboard/${owner.teamId}/profile`)
  await owner.page.locator('#avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PIXEL_PNG })
  await expect(owner.page.getByText('Profile photo updated')).toBeVisible({ timeout: 15_000 })

  await owner.page.reload()
  const avatar = owner.page.getByRole('img', { name: 'Olivia Owner' }).first()
  // what is shown is the server's re-encoding, never the upload itself
  await expect(avatar).toHaveAttribute('src', /\/storage\/v1\/object\/public\/avatars\/[0-9a-f-]{36}\/avatar-\d+\.webp$/)
  const response = await owner.page.request.get((await avatar.getAttribute('src'))!)
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toContain('image/webp')
  await owner.context.close()
})

test('an owner deletes the team only after typing its name', async ({ browser }) => {
  const owner = await ownerWithTeam(browser, 'Doomed Realty')
  await owner.page.goto(`/dashboard/${owner.teamId}/account`)
  await owner.page.getByRole('button', { name: 'Delete team', exact: true }).click()
  const dialog = owner.page.getByRole('dialog').filter({ hasText: 'Delete Doomed Realty?' })
  const confirm = dialog.getByRole('button', { name: 'Delete team forever' })
  await dialog.getByLabel(/to confirm/).fill('Doomed')
  await expect(confirm).toBeDisabled()
  await dialog.getByLabel(/to confirm/).fill('Doomed Realty')
  await confirm.click()

  await expect(owner.page).toHaveURL(/\/dashboard\/create$/, NAVIGATION)
  const gone = await owner.page.goto(`/dashboard/${owner.teamId}`)
  expect(gone?.status()).toBe(404)
  await owner.context.close()
})

test('the only owner cannot leave, and is told what to do instead', async ({ browser }) => {
  const owner = await ownerWithTeam(browser, 'Solo Realty')
  await owner.page.goto(`/dashboard/${owner.teamId}/account`)
  await owner.page.getByRole('button', { name: 'Leave team' }).click()
  await owner.page.getByRole('dialog').filter({ hasText: 'Leave Solo Realty?' }).getByRole('button', { name: 'Leave team' }).click()
  await expect(owner.page.getByText(/A team needs at least one owner/)).toBeVisible()
  await expect(owner.page).toHaveURL(new RegExp(`/dashboard/${owner.teamId}/account$`))
  await owner.context.close()
})

test('changing the email asks for confirmation from the new address', async ({ browser }) => {
  const owner = await ownerWithTeam(browser, 'Email Realty')
  const newEmail = uniqueEmail('moved')
  await owner.page.goto(`/dashboard/${owner.teamId}/profile`)
  await owner.page.getByLabel('Email address').fill(newEmail)
  await owner.page.getByRole('button', { name: 'Change email' }).click()
  await expect(owner.page.getByText('Check your inbox to confirm the change')).toBeVisible()
  const mail = await latestMail(newEmail, 'email_change')
  expect(mail.links.length).toBeGreaterThan(0)
  await owner.context.close()
})
