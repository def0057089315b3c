import { expect, type Browser, type Page } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import { DEMO, DEMO_ADMIN_TOTP_SECRET, standInUrl } from './env'

let counter = 0
/** A fresh address per call, so tests never collide on the shared database. */
export function uniqueEmail(prefix = 'agent'): string {
  counter += 1
  return `${prefix}.${Date.now().toString(36)}.${process.pid}.${counter}@example.test`
}

export async function signUp(page: Page, email: string, password: string, fullName = 'Alex Morgan', path = '/auth/signup') {
  await page.goto(path)
  await page.getByLabel('Full name').fill(fullName)
  await page.getByLabel('Work email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Create account' }).click()
  await finishSignUp(page, email)
}

/**
 * Confirmations are on (supabase/config.toml), as in production: a sign-up the server accepted is
 * finished by following the link mailed to the address, in the same browser (it holds the PKCE
 * verifier). A refused sign-up (a field error, a taken address) is left on the form for the test.
 */
export async function finishSignUp(page: Page, email: string) {
  const sent = page.getByText('We sent a confirmation link to')
  // (Next's route announcer is an empty alert: only one with words counts)
  const refused = page.getByRole('alert').filter({ hasText: /\w/ }).or(page.locator('[aria-invalid="true"]'))
  await expect(sent.or(refused).first()).toBeVisible({ timeout: 20_000 })
  if (!(await sent.isVisible())) return
  const mail = await latestMail(email, 'confirmation')
  const link = mail.links[0]?.url
  expect(link, 'the confirmation link').toBeTruthy()
  await page.goto(link)
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/callback'))
}

export async function signIn(page: Page, email: string, password: string, path = '/auth/login') {
  if (!page.url().includes('/auth/login')) await page.goto(path)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  // the demo administrator has an authenticator (supabase/seed.sql): the sign-in asks for its code
  if (email === DEMO.admin) await enterAuthenticatorCode(page, DEMO_ADMIN_TOTP_SECRET)
}

/** The code an authenticator app shows now for this secret. */
export function authenticatorCode(secret: string): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate()
}

/** On the second-factor page: types the authenticator's current code and confirms, as a person does. */
export async function enterAuthenticatorCode(page: Page, secret: string) {
  await page.waitForURL(/\/auth\/second-factor/)
  await page.getByLabel('6-digit code').fill(authenticatorCode(secret))
  await page.getByRole('button', { name: /^(Confirm|Turn on and continue)$/ }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/second-factor'))
}

/**
 * On the second-factor page of someone without an authenticator (an administrator's first visit):
 * reads the key shown beside the QR code, as a person would type it into their app, and turns it
 * on with the app's current code. Returns the key for later sign-ins.
 */
export async function enrolAuthenticator(page: Page): Promise<string> {
  await page.waitForURL(/\/auth\/second-factor/)
  await expect(page.getByRole('heading', { name: 'Set up your authenticator' })).toBeVisible()
  const key = (await page.locator('code').first().innerText()).trim()
  await page.getByLabel('6-digit code').fill(authenticatorCode(key))
  await page.getByRole('button', { name: 'Turn on and continue' }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/second-factor'))
  return key
}

/** The account menu's trigger on this page (the dashboard's sidebar or top bar, the site header, admin): the one on screen. */
export function accountMenuTrigger(page: Page) {
  return page.getByRole('button', { name: /, (Your account|Account menu)$/ }).filter({ visible: true })
}

/**
 * Signs out as a person does: opens the account menu on screen and chooses "Sign out" (the
 * team-creation page, which has no menu, has a plain "Sign out" button), then waits for the
 * signed-out page. Never the endpoint directly: the menus themselves are what is tested.
 */
export async function signOut(page: Page) {
  const trigger = accountMenuTrigger(page)
  if (await trigger.count()) {
    await trigger.first().click()
    await page.getByRole('menuitem', { name: 'Sign out' }).click()
  } else {
    await page.getByRole('button', { name: 'Sign out', exact: true }).click()
  }
  await page.waitForURL(/\/auth\/login\?notice=signed-out$/)
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
}

interface MailLink {
  label: string
  url: string
}
interface Mail {
  to: string
  subject: string
  kind: string
  links: MailLink[]
}

/** The newest email the stand-in holds for an address (waits for it to arrive). */
export async function latestMail(to: string, kind?: string): Promise<Mail> {
  let found: Mail | undefined
  await expect
    .poll(
      async () => {
        const response = await fetch(`${standInUrl}/mailbox/api/messages?to=${encodeURIComponent(to)}`)
        const body = (await response.json()) as Mail[] | { messages: Mail[] }
        const mails = Array.isArray(body) ? body : body.messages
        found = mails.find((m) => !kind || m.kind === kind)
        return Boolean(found)
      },
      { timeout: 10_000, message: `an email to ${to}` },
    )
    .toBe(true)
  return found!
}

/**
 * A new owner signed up through the form, with a new team ("Quayside Homes"), in their own context.
 * Tests that register listings start here so they never depend on each other or on the demo seed.
 */
export async function ownerWithTeam(browser: Browser, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport })
  const page = await context.newPage()
  await page.goto('/auth/signup?next=%2Fdashboard')
  await page.getByLabel('Full name').fill('Vera Video')
  const email = uniqueEmail('video')
  await page.getByLabel('Work email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill('video-journey-9')
  await page.getByRole('button', { name: 'Create account' }).click()
  await finishSignUp(page, email)
  await expect(page).toHaveURL(/\/dashboard\/create/, { timeout: 30_000 })
  await page.getByLabel('Team name').fill('Quayside Homes')
  await page.getByRole('button', { name: 'Create team' }).click()
  const teamUrl = /\/dashboard\/([0-9a-f-]{36})$/
  await expect(page).toHaveURL(teamUrl, { timeout: 30_000 })
  const teamId = teamUrl.exec(new URL(page.url()).pathname)![1]
  return { context, page, teamId }
}

/**
 * The `<link rel="preload">` tags in a page's HTML `<head>` as the server sent it (before any script
 * ran), each as its attributes. What the browser can fetch while it parses, not what React adds later.
 */
export async function headPreloads(page: Page, url: string): Promise<Record<string, string>[]> {
  const html = await (await page.request.get(url)).text()
  const head = html.slice(0, html.indexOf('</head>'))
  return [...head.matchAll(/<link\b([^>]*)>/g)]
    .map(([, attrs]) => Object.fromEntries([...attrs.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name.toLowerCase(), value])))
    .filter((link) => link.rel === 'preload')
}
