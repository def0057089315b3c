import { expect, test } from '@playwright/test'
import { createClient } from '@supabase/supabase-js'
import { serverRealtimeOptions } from '../../lib/supabase/realtime-transport'
import { CLI_ANON_KEY } from '../../supabase/local/config'
import { standInUrl } from './env'
import { authenticatorCode, signIn, signOut, signUp, uniqueEmail } from './helpers'

/**
 * Issue 27: members may turn on two-step sign-in for themselves on the profile page. Once on, a
 * password alone no longer opens their team: the pages send them to the code, and the database
 * shows a password-only session nothing of the team (private.mfa_satisfied()). A backup
 * authenticator can be added; removing the last turns it off again.
 */
const PASSWORD = 'two-step-pw-12'
const TEAM_URL = /\/dashboard\/([0-9a-f-]{36})$/
const noSession = { auth: { persistSession: false, autoRefreshToken: false }, realtime: serverRealtimeOptions }

test('a member turns on two-step sign-in; a password alone then opens nothing; removing it turns it off', async ({ page }) => {
  test.setTimeout(150_000)
  const email = uniqueEmail('two-step')
  await signUp(page, email, PASSWORD, 'Tomas Twostep')
  await expect(page).toHaveURL(/\/dashboard\/create$/)
  await page.getByLabel('Team name').fill('Twostep Realty')
  await page.getByRole('button', { name: 'Create team' }).click()
  await expect(page).toHaveURL(TEAM_URL, { timeout: 20_000 })
  const teamId = TEAM_URL.exec(new URL(page.url()).pathname)![1]

  await page.goto(`/dashboard/${teamId}/profile`)
  await expect(page.getByText('Off: a password alone signs you in.')).toBeVisible()
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click()
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
  const key = (await page.locator('code').first().innerText()).trim()
  await page.getByLabel('6-digit code').fill('12 34')
  await page.getByRole('button', { name: 'Turn on', exact: true }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Enter the 6-digit code from your authenticator app.' })).toBeVisible()
  await page.getByLabel('6-digit code').fill(authenticatorCode(key))
  await page.getByRole('button', { name: 'Turn on', exact: true }).click()
  await expect(page.getByText('Two-step sign-in is on.').first()).toBeVisible()
  await expect(page.getByRole('list', { name: 'Your authenticators' }).getByText('Authenticator app')).toBeVisible()

  // a password alone: the database shows the session nothing of the team, until it passes the code
  const api = createClient(standInUrl, CLI_ANON_KEY, noSession)
  expect((await api.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull()
  expect((await api.from('teams').select('id')).data).toEqual([])
  const factorId = (await api.auth.mfa.listFactors()).data!.totp[0].id
  expect((await api.auth.mfa.challengeAndVerify({ factorId, code: authenticatorCode(key) })).error).toBeNull()
  expect((await api.from('teams').select('id')).data).toEqual([{ id: teamId }])

  // the pages: sign-in asks for the code, and no team page opens before it
  await signOut(page)
  await signIn(page, email, PASSWORD)
  await page.waitForURL(/\/auth\/second-factor/)
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible()
  await page.goto(`/dashboard/${teamId}/agents`)
  await expect(page).toHaveURL(new RegExp(`/auth/second-factor\\?next=%2Fdashboard%2F${teamId}`))
  await page.getByLabel('6-digit code').fill(authenticatorCode(key))
  await page.getByRole('button', { name: 'Confirm' }).click()
  await expect(page).toHaveURL(new RegExp(`/dashboard/${teamId}`))

  // removing the only authenticator (behind a confirmation) turns it off again
  await page.goto(`/dashboard/${teamId}/profile`)
  await page.getByRole('button', { name: 'Remove Authenticator app' }).click()
  const dialog = page.getByRole('dialog', { name: 'Remove Authenticator app?' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Remove', exact: true }).click()
  await expect(page.getByText('Two-step sign-in is off.').first()).toBeVisible()
  await expect(page.getByText('Off: a password alone signs you in.')).toBeVisible()
  await signOut(page)
  await signIn(page, email, PASSWORD)
  await expect(page).toHaveURL(/\/dashboard/)
})
