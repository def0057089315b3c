import { expect, test, type Browser, type Page } from '@playwright/test'
import { DEMO, DEMO_PASSWORD } from './env'
import { signIn } from './helpers'

/*
 * Feedback end to end: a member of the demo team sends it from a team page with the dialog, an
 * administrator finds it in /admin/feedback with the page it came from, filters by kind and marks it
 * reviewed with a note; the member cannot open the admin list.
 */

const NAVIGATION = { timeout: 30_000 }

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await signIn(page, email, DEMO_PASSWORD)
  // the administrator (in no team) lands on /admin, everyone else on their team
  await page.waitForURL((url) => url.pathname.startsWith('/dashboard') || url.pathname.startsWith('/admin'), NAVIGATION)
  return page
}

async function demoTeamId(page: Page): Promise<string> {
  await page.goto('/dashboard')
  await page.waitForURL(/\/dashboard\/[0-9a-f-]{36}$/, NAVIGATION)
  return new URL(page.url()).pathname.split('/')[2]
}

test('a member sends feedback from a team page and an administrator reviews it', async ({ browser }) => {
  const message = `The listings table could sort by price (${Date.now().toString(36)}).`
  const member = await signedIn(browser, DEMO.member)
  const teamId = await demoTeamId(member)
  const pagePath = `/dashboard/${teamId}/props`
  await member.goto(pagePath)

  // the dialog opens on the choice of kind and closes with Escape, keeping nothing half-sent
  await member.getByRole('button', { name: 'Send feedback' }).click()
  const dialog = member.getByRole('dialog', { name: 'Send feedback' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('radio', { name: 'Something is broken' })).toBeFocused()
  await member.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(member.getByRole('button', { name: 'Send feedback' })).toBeFocused()

  await member.getByRole('button', { name: 'Send feedback' }).click()
  await dialog.getByRole('button', { name: 'Send feedback' }).click()
  await expect(dialog.getByText('Choose what kind of feedback this is.')).toBeVisible()
  await expect(dialog.getByText('Write a message.')).toBeVisible()

  // arrow keys move through the kinds like any radio group
  await dialog.getByRole('radio', { name: 'Something is broken' }).focus()
  await member.keyboard.press('ArrowRight')
  await expect(dialog.getByRole('radio', { name: 'An idea' })).toBeChecked()
  await dialog.getByLabel('Message').fill(message)
  await expect(dialog.getByText(`${message.length} / 2,000`)).toBeVisible()
  await dialog.getByRole('button', { name: 'Send feedback' }).click()
  await expect(member.locator('[data-sonner-toast]').filter({ hasText: 'Thanks — your feedback was sent' })).toBeVisible()
  await expect(dialog).toBeHidden()

  // the admin list is not for members: not-found, as for any stranger
  const refused = await member.goto('/admin/feedback')
  expect(refused?.status()).toBe(404)

  const admin = await signedIn(browser, DEMO.admin)
  await admin.goto('/admin/feedback')
  const item = admin.getByTestId('feedback-item').filter({ hasText: message })
  await expect(item).toBeVisible()
  await expect(item.getByText(pagePath, { exact: true })).toBeVisible()
  await expect(item.getByText('in Harbour Realty')).toBeVisible()
  await expect(item.getByTestId('feedback-status')).toHaveText('New')
  await expect(item.getByRole('link', { name: /member@demo\.test/ })).toHaveAttribute('href', /^\/admin\/users\/[0-9a-f-]{36}$/)

  // kinds filter through the address, so a filtered list survives a reload
  const kinds = admin.getByRole('navigation', { name: 'Filter by kind' })
  await kinds.getByRole('link', { name: 'Bug' }).click()
  await expect(admin).toHaveURL(/[?&]kind=bug/)
  await expect(item).toBeHidden()
  await kinds.getByRole('link', { name: 'Idea' }).click()
  await expect(admin).toHaveURL(/[?&]kind=idea/)
  await admin.reload()
  await expect(item).toBeVisible()
  await expect(kinds.getByRole('link', { name: 'Idea' })).toHaveAttribute('aria-current', 'page')

  // reviewed, with a note only administrators see
  await item.getByLabel('Status').selectOption('reviewed')
  await item.getByRole('button', { name: 'Add a note' }).click()
  await item.getByLabel('Note for administrators').fill('Sorting by price is planned for next sprint.')
  await item.getByRole('button', { name: 'Save' }).click()
  await expect(admin.locator('[data-sonner-toast]').filter({ hasText: 'Marked as reviewed' })).toBeVisible()
  await expect(item.getByTestId('feedback-status')).toHaveText('Reviewed')
  await expect(item.getByText('Sorting by price is planned for next sprint.')).toBeVisible()

  await admin.goto('/admin/feedback?status=reviewed&kind=idea')
  await expect(item).toBeVisible()
  await admin.goto('/admin/feedback?status=new&kind=idea')
  await expect(item).toBeHidden()
  await expect(admin.getByRole('navigation', { name: 'Filter by status' }).getByRole('link', { name: /^New/ })).toHaveAttribute('aria-current', 'page')
})
