import { expect, test } from '@playwright/test'
import { DEMO_LISTING_ID, DEMO_TEAM_ID, seedDemoListing } from '../../scripts/demo-listing'
import { CLI_SERVICE_ROLE_KEY } from '../../supabase/local/config'
import { DEMO, DEMO_PASSWORD, standInUrl } from './env'
import { signIn } from './helpers'

// Issue 26 item 3: a member submits a shared video to the showcase, an administrator approves it on
// /admin/showcase, and a visitor with no session finds it on /showcase. The e2e worker renders 3 s at
// a quarter of the size.
test('an administrator approves a showcase submission, which then appears on /showcase for a visitor', async ({ browser }) => {
  test.setTimeout(300_000)
  await seedDemoListing(standInUrl, CLI_SERVICE_ROLE_KEY)
  const title = `Showcase review ${Date.now().toString(36)}`

  const member = await (await browser.newContext()).newPage()
  await signIn(member, DEMO.member, DEMO_PASSWORD)
  await member.waitForURL(/\/dashboard\/[0-9a-f-]{36}/, { timeout: 30_000 })
  await member.goto(`/dashboard/${DEMO_TEAM_ID}/props/${DEMO_LISTING_ID}/create-video`)
  await member.getByLabel('Video title').fill(title)
  await member.getByRole('button', { name: 'Create video' }).click()
  await expect(member).toHaveURL(/\/edit$/, { timeout: 90_000 })
  await member.goto(member.url().replace(/\/edit$/, ''))
  const card = member.getByTestId('render-card')
  await card.getByRole('button', { name: 'Render video' }).click()
  await expect(card.getByTestId('render-result')).toBeVisible({ timeout: 180_000 })
  const share = member.getByTestId('share-card')
  // issue 26 item 8: the Share card follows the render without a reload
  await expect(share.getByText('Anyone with the link can watch the latest render.')).toBeVisible({ timeout: 20_000 })
  await expect(share.getByText('Render the video first.')).toHaveCount(0)
  await share.getByRole('switch', { name: 'Share on a public page' }).check()
  await expect(member.locator('[data-sonner-toast]').filter({ hasText: 'Shared' })).toBeVisible()
  await share.getByRole('button', { name: 'Submit to showcase' }).click()
  await expect(share.getByTestId('showcase-state')).toHaveText(/Submitted/)
  const shareId = (await share.getByLabel('Share link').inputValue()).split('/').pop()!
  // a tile is named by the listing's title, like the share page it opens (the demo listing's for
  // every video here), so the test finds this video's tile by its link
  const tileOf = (page: typeof member) => page.locator(`a[href="/share/${shareId}"]`)

  // not on the showcase before the review
  const visitor = await (await browser.newContext()).newPage()
  await visitor.goto('/showcase')
  await expect(tileOf(visitor)).toHaveCount(0)

  const admin = await (await browser.newContext()).newPage()
  await signIn(admin, DEMO.admin, DEMO_PASSWORD)
  await admin.waitForURL((url) => url.pathname.startsWith('/dashboard'), { timeout: 30_000 })
  await admin.goto('/admin')
  await admin.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Showcase' }).click()
  await expect(admin).toHaveURL(/\/admin\/showcase$/, { timeout: 30_000 })
  const row = admin.getByTestId('showcase-submission').filter({ hasText: title })
  await expect(row).toBeVisible()
  await expect(row.getByText('Harbour Realty')).toBeVisible()
  await row.getByRole('button', { name: 'Approve' }).click()
  await expect(admin.locator('[data-sonner-toast]').filter({ hasText: `“${title}” is on the showcase` })).toBeVisible()
  await expect(row).toHaveCount(0)
  await admin.getByRole('link', { name: /Approved/ }).click()
  await expect(admin.getByTestId('showcase-submission').filter({ hasText: title })).toBeVisible()
  // the audit log names what was approved
  await admin.goto('/admin')
  await expect(admin.getByText(`approved “${title}” from Harbour Realty for the showcase`).first()).toBeVisible()

  await visitor.goto('/showcase')
  const tile = tileOf(visitor)
  await expect(tile).toBeVisible()
  await expect(tile).toContainText('Hillside modern with pool')
  await tile.click()
  await expect(visitor).toHaveURL(/\/share\/[A-Za-z0-9_-]{12,}$/)

  // a team member gets not-found on the review screen
  const refused = await member.goto('/admin/showcase')
  expect(refused?.status()).toBe(404)
})
