import { expect, test, type Browser, type Page } from '@playwright/test'
import { DEMO, DEMO_PASSWORD } from './env'
import { finishSignUp, signIn } from './helpers'

/*
 * The administrators' user tools end to end: find a person by search, grant their team credits (the
 * team sees them), ban and unban (the person is signed out and kept out, then let back in), and every
 * admin route is not-found for a team member. People and teams are fresh per test, so the demo
 * team's balance, which other specs spend, is never relied on.
 */

const PASSWORD = 'admin-journey-9'
const NAVIGATION = { timeout: 30_000 }
const TEAM_URL = /\/dashboard\/([0-9a-f-]{36})$/
// the seed's fixed id for owner@demo.test: a real person, still not-found for a member
const DEMO_OWNER_ID = 'd0000000-0000-4000-8000-000000000001'

function unique(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
}

async function newPerson(browser: Browser, fullName: string, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await page.goto('/auth/signup?next=%2Fdashboard')
  await page.getByLabel('Full name').fill(fullName)
  await page.getByLabel('Work email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Create account' }).click()
  await finishSignUp(page, email)
  await expect(page).toHaveURL(/\/dashboard\/create/, NAVIGATION)
  return page
}

async function signedInAdmin(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await signIn(page, DEMO.admin, DEMO_PASSWORD)
  // an administrator in no team lands on /admin (issue 26, item 9)
  await page.waitForURL((url) => url.pathname.startsWith('/admin'), NAVIGATION)
  return page
}

/** Searches the user list the way a person would and opens the one row it should find. */
async function openUser(admin: Page, search: string, email: string) {
  await admin.goto('/admin/users')
  await admin.getByLabel('Search by email or name').fill(`  ${search}  `)
  await admin.getByLabel('Search by email or name').press('Enter')
  await expect(admin).toHaveURL(/\/admin\/users\?q=/, NAVIGATION)
  await expect(admin.getByRole('heading', { name: 'Users' })).toBeVisible()
  await expect(admin.getByText('1 matching')).toBeVisible()
  await admin.getByRole('link', { name: new RegExp(email.replace(/[.]/g, '\\.')) }).click()
  await expect(admin).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}$/, NAVIGATION)
}

test('an administrator finds a person by search and grants their team credits, which the team then has', async ({ browser }) => {
  const tag = unique()
  const email = `granted.${tag}@example.test`
  const owner = await newPerson(browser, `Priya Grant${tag}`, email)
  const teamName = `Granted Homes ${tag}`
  await owner.getByLabel('Team name').fill(teamName)
  await owner.getByRole('button', { name: 'Create team' }).click()
  await expect(owner).toHaveURL(TEAM_URL, NAVIGATION)
  const teamId = TEAM_URL.exec(new URL(owner.url()).pathname)![1]
  await expect(owner.getByTestId('credit-balance')).toHaveText('3')

  const admin = await signedInAdmin(browser)
  // any case, part of the name, spaces around it
  await openUser(admin, `GRANT${tag.toUpperCase()}`, email)
  await expect(admin.getByRole('heading', { name: `Priya Grant${tag}` })).toBeVisible()
  await expect(admin.getByTestId('team-balance')).toHaveText('3 credits')

  // the note is required, checked before anything is sent
  await admin.getByLabel('Credits', { exact: true }).fill('25')
  await admin.getByRole('button', { name: 'Grant credits' }).click()
  await expect(admin.getByText('Write a note saying why (the team sees it in its credit history).')).toBeVisible()

  const note = `Make-good for the slow renders ${tag}`
  await admin.getByLabel('Note').fill(note)
  await admin.getByRole('button', { name: 'Grant credits' }).click()
  await expect(admin.locator('[data-sonner-toast]').filter({ hasText: `Granted 25 credits to ${teamName}` })).toBeVisible()
  await expect(admin.getByTestId('team-balance')).toHaveText('28 credits')
  // the audit entry (lower-case: the toast says “Granted” too)
  await expect(admin.getByText(new RegExp(`granted 25 credits to ${teamName}`))).toBeVisible()
  await expect(admin.getByText(`“${note}”`)).toBeVisible()
  await expect(admin.getByLabel('Credits', { exact: true })).toHaveValue('')

  // the team's own pages show the new balance and the note in its history
  await owner.goto(`/dashboard/${teamId}`)
  await expect(owner.getByTestId('credit-balance')).toHaveText('28')
  await owner.goto(`/dashboard/${teamId}/account`)
  await expect(owner.getByTestId('account-credit-balance')).toHaveText('28')
  await expect(owner.getByText(note)).toBeVisible()
})

test('a banned person is signed out and kept out until the ban is lifted', async ({ browser }) => {
  const tag = unique()
  const email = `banned.${tag}@example.test`
  const person = await newPerson(browser, `Bruno Ban${tag}`, email)

  const admin = await signedInAdmin(browser)
  await openUser(admin, email, email)
  await admin.getByRole('button', { name: 'Ban…' }).click()
  const dialog = admin.getByRole('dialog', { name: `Ban Bruno Ban${tag}?` })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('How long').selectOption({ label: '7 days' })
  await dialog.getByRole('button', { name: 'Ban for 7 days' }).click()
  await expect(admin.locator('[data-sonner-toast]').filter({ hasText: `Bruno Ban${tag} is banned until` })).toBeVisible()
  await expect(admin.getByText(/^Banned until .* They cannot sign in\.$/)).toBeVisible()
  await expect(admin.getByText(new RegExp(`banned Bruno Ban${tag} for 7 days`))).toBeVisible()

  // their open session is over: the next page sends them to sign in, and signing in is refused
  await person.goto('/dashboard')
  await expect(person).toHaveURL(/\/auth\/login/, NAVIGATION)
  await signIn(person, email, PASSWORD)
  await expect(
    person.locator('[data-sonner-toast]').filter({ hasText: 'This account has been suspended. Contact support if you think this is a mistake.' }),
  ).toBeVisible()

  await admin.getByRole('button', { name: 'Lift the ban' }).click()
  await admin.getByRole('dialog', { name: `Lift Bruno Ban${tag}’s ban?` }).getByRole('button', { name: 'Lift the ban' }).click()
  await expect(admin.locator('[data-sonner-toast]').filter({ hasText: `Bruno Ban${tag} can sign in again` })).toBeVisible()

  await signIn(person, email, PASSWORD)
  await expect(person).toHaveURL(/\/dashboard\/create/, NAVIGATION)
})

test('an administrator cannot remove their own rights or ban themselves', async ({ browser }) => {
  const admin = await signedInAdmin(browser)
  await openUser(admin, DEMO.admin, DEMO.admin)
  await expect(admin.getByText('This is you. Another administrator can change your rights.')).toBeVisible()
  await expect(admin.getByText('You cannot ban yourself.')).toBeVisible()
  await expect(admin.getByRole('button', { name: 'Remove administrator rights' })).toHaveCount(0)
  await expect(admin.getByRole('button', { name: 'Ban…' })).toHaveCount(0)
})

test('a team member gets not-found on every admin page', async ({ page }) => {
  await signIn(page, DEMO.member, DEMO_PASSWORD)
  await page.waitForURL((url) => url.pathname.startsWith('/dashboard'), NAVIGATION)
  const routes = ['/admin', '/admin/users', `/admin/users/${DEMO_OWNER_ID}`, '/admin/feedback', '/admin/dev/coupons', '/admin/dev/voices', '/admin/dev/sentry-example']
  for (const path of routes) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(404)
    await expect(page.getByRole('heading', { name: 'Page not found' }), path).toBeVisible()
    await expect(page.getByText('Administration'), path).toHaveCount(0)
  }
})
