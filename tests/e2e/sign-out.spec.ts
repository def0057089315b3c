import { expect, test, type Page } from '@playwright/test'
import { CLI_SERVICE_ROLE_KEY } from '../../supabase/local/config'
import { standInUrl } from './env'
import { accountMenuTrigger, enrolAuthenticator, signIn, uniqueEmail } from './helpers'

/*
 * Sign-out through every account menu, as a person does it: open the menu, choose "Sign out" (by
 * pointer, and by keyboard once). The menus close (unmount) when an item is chosen; the form POST
 * must still happen. Each test has its own account. Sign-out ends this browser's session only:
 * the account stays signed in on its other devices.
 */

const PASSWORD = 'sign-out-password-7'
const service = { apikey: CLI_SERVICE_ROLE_KEY, Authorization: `Bearer ${CLI_SERVICE_ROLE_KEY}`, 'Content-Type': 'application/json' }

/** A confirmed account made with the service key (the sign-up form is tested elsewhere). */
async function newAccount(name: string, { admin = false } = {}): Promise<{ email: string; name: string }> {
  const email = uniqueEmail('signout')
  const created = await fetch(`${standInUrl}/auth/v1/admin/users`, {
    method: 'POST',
    headers: service,
    body: JSON.stringify({ email, password: PASSWORD, email_confirm: true, user_metadata: { full_name: name } }),
  })
  expect(created.status, await created.clone().text()).toBe(200)
  if (admin) {
    const { id } = (await created.json()) as { id: string }
    const granted = await fetch(`${standInUrl}/rest/v1/profiles?id=eq.${id}`, { method: 'PATCH', headers: { ...service, Prefer: 'return=minimal' }, body: JSON.stringify({ is_admin: true }) })
    expect(granted.status).toBe(204)
  }
  return { email, name }
}

async function authCookies(page: Page) {
  return (await page.context().cookies()).filter((cookie) => cookie.name.startsWith('sb-'))
}

/** What must hold once "Sign out" was chosen: the signed-out page, no session, protected pages closed, Back shows nothing of the account. */
async function expectSignedOut(page: Page, who: { email: string; name: string }, protectedPath: string) {
  await page.waitForURL(/\/auth\/login\?notice=signed-out$/)
  await expect(page.getByText('You have been signed out.')).toBeVisible()
  expect(await authCookies(page)).toEqual([])

  await page.goBack()
  await page.waitForLoadState('load')
  await expect(accountMenuTrigger(page)).toHaveCount(0)
  const html = await page.content()
  expect(html).not.toContain(who.email)
  expect(html).not.toContain(who.name)

  await page.goto(protectedPath)
  await expect(page).toHaveURL(new RegExp(`/auth/login\\?next=${encodeURIComponent(protectedPath).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`))
}

async function signedIn(page: Page, who: { email: string }) {
  await signIn(page, who.email, PASSWORD)
  await page.waitForURL((url) => url.pathname.startsWith('/dashboard'))
  expect((await authCookies(page)).length).toBeGreaterThan(0)
}

/** Signed in, with a new team of that name; answers the team's path. */
async function signedInWithTeam(page: Page, who: { email: string }, teamName: string): Promise<string> {
  await signedIn(page, who)
  await page.getByLabel('Team name').fill(teamName)
  await page.getByRole('button', { name: 'Create team' }).click()
  await page.waitForURL(/\/dashboard\/[0-9a-f-]{36}$/)
  return new URL(page.url()).pathname
}

test('the dashboard sidebar menu signs out', async ({ page }) => {
  const who = await newAccount('Sidebar Sam Quill')
  const teamPath = await signedInWithTeam(page, who, 'Sidebar Realty')

  const sidebar = page.getByRole('complementary')
  await sidebar.getByRole('button', { name: /, Your account$/ }).click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expectSignedOut(page, who, teamPath)
})

test('the dashboard top bar menu signs out by keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 })
  const who = await newAccount('Keyboard Kit Marlow')
  const teamPath = await signedInWithTeam(page, who, 'Keyboard Realty')

  const trigger = accountMenuTrigger(page)
  await expect(trigger).toHaveCount(1)
  await trigger.focus()
  await page.keyboard.press('Enter')
  const item = page.getByRole('menuitem', { name: 'Sign out' })
  await expect(item).toBeVisible()
  // Tab through the menu's items to "Sign out", the last one
  for (let i = 0; i < 5 && !(await item.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab')
  await expect(item).toBeFocused()
  await page.keyboard.press('Enter')
  await expectSignedOut(page, who, teamPath)
})

test('signing out in one browser leaves the same account signed in on another', async ({ page, browser }) => {
  const who = await newAccount('Two Devices Dana')
  const teamPath = await signedInWithTeam(page, who, 'Two Devices Realty')
  // the phone: the same account, its own session
  const phone = await (await browser.newContext()).newPage()
  try {
    await signedIn(phone, who)
    await phone.goto(teamPath)
    await expect(phone.getByRole('heading', { name: 'Welcome back, Two' })).toBeVisible()

    await page.getByRole('complementary').getByRole('button', { name: /, Your account$/ }).click()
    await page.getByRole('menuitem', { name: 'Sign out' }).click()
    await expectSignedOut(page, who, teamPath)

    // the phone's session was not ended: its pages still open, also after a reload
    await phone.reload()
    await expect(phone).toHaveURL(new RegExp(`${teamPath}$`))
    await expect(phone.getByRole('heading', { name: 'Welcome back, Two' })).toBeVisible()
  } finally {
    await phone.context().close()
  }
})

test("the site header's account menu signs out", async ({ page }) => {
  const who = await newAccount('Header Hana Vell')
  await signedIn(page, who)
  await page.goto('/showcase')
  await page.getByRole('banner').getByRole('button', { name: /, Account menu$/ }).click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expectSignedOut(page, who, '/dashboard')
})

test("the administration's account menu signs out", async ({ page }) => {
  const who = await newAccount('Admin Ada Rook', { admin: true })
  await signedIn(page, who)
  await page.goto('/admin')
  // a new administrator enrols an authenticator on their first visit (issue 27)
  await enrolAuthenticator(page)
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByText('Admin', { exact: true }).first()).toBeVisible()
  await page.getByRole('banner').getByRole('button', { name: /, Account menu$/ }).click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expectSignedOut(page, who, '/dashboard')
  // and the administration is gone for this browser (it never admits it exists)
  expect((await page.goto('/admin'))?.status()).toBe(404)
})
