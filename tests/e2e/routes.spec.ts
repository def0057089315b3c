import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { DEMO_LISTING_ID, seedDemoListing } from '../../scripts/demo-listing'
import { CLI_SERVICE_ROLE_KEY } from '../../supabase/local/config'
import { DEMO, DEMO_PASSWORD, standInUrl } from './env'
import { signIn } from './helpers'

// The spec's route table. Ids that cannot exist yet (no shares, trials or runs before their
// issues) use a well-formed uuid: public pages answer not-found, never fail.
const SOME_ID = '00000000-0000-4000-8000-000000000001'

const PUBLIC = ['/', '/showcase', '/privacy', '/terms', '/auth/login', '/auth/signup', '/auth/forgot-password', '/auth/reset-password', '/try', '/try/intro']
/** the trial's later steps need a started trial: without one they send the visitor to the intro */
const TRIAL_STEPS = ['/try/property', '/try/video']
const PUBLIC_NOT_FOUND = [`/share/${SOME_ID}`, `/share/${SOME_ID}/video`, `/share/${SOME_ID}/poster`, '/share/short', `/try/${SOME_ID}`, `/try/progress/${SOME_ID}`, '/no-such-page']
const ADMIN = ['/admin', '/admin/users', `/admin/users/${SOME_ID}`, '/admin/feedback', '/admin/dev/coupons', '/admin/dev/voices', '/admin/dev/sentry-example']
const TEAM_PAGES = ['', '/account', '/agents', '/library', '/profile', '/props', '/props/register']
const TEAM_ITEM_PAGES = [`/props/${SOME_ID}`, `/props/${SOME_ID}/create-video`, `/props/${SOME_ID}/${SOME_ID}`, `/props/${SOME_ID}/${SOME_ID}/edit`]

async function status(request: APIRequestContext, path: string) {
  const response = await request.get(path, { maxRedirects: 0 })
  return { status: response.status(), location: response.headers()['location'] ?? '' }
}

async function demoTeamId(page: Page): Promise<string> {
  // the sign-in must have finished before /dashboard is asked for, or it answers with the sign-in page
  await page.waitForURL((url) => url.pathname.startsWith('/dashboard'))
  await page.goto('/dashboard')
  await page.waitForURL(/\/dashboard\/[0-9a-f-]{36}$/)
  return new URL(page.url()).pathname.split('/')[2]
}

test.describe('every route of the spec answers', () => {
  test('public pages answer 200 to visitors', async ({ request }) => {
    for (const path of PUBLIC) expect(await status(request, path), path).toMatchObject({ status: 200 })
  })

  test('the trial steps send a visitor without a trial to the intro', async ({ request }) => {
    for (const path of TRIAL_STEPS) expect(await status(request, path), path).toMatchObject({ status: 307, location: '/try/intro' })
  })

  test('unknown share, trial and run ids, and unknown paths, answer not-found', async ({ request }) => {
    for (const path of PUBLIC_NOT_FOUND) expect(await status(request, path), path).toMatchObject({ status: 404 })
  })

  test('robots.txt keeps crawlers out of the app; sitemap.xml lists the public pages', async ({ request }) => {
    const robots = await (await request.get('/robots.txt')).text()
    expect(robots).toContain('Disallow: /dashboard')
    expect(robots).toContain('Disallow: /admin')
    expect(robots).toMatch(/Sitemap: https?:\/\/[^\s]+\/sitemap\.xml/)
    const sitemap = await request.get('/sitemap.xml')
    expect(sitemap.status()).toBe(200)
    const xml = await sitemap.text()
    for (const path of ['/showcase', '/privacy', '/terms', '/try']) expect(xml).toContain(`${path}</loc>`)
    expect(xml).not.toContain('/dashboard')
  })

  test('visitors on dashboard pages are sent to sign in with the path kept', async ({ request }) => {
    const paths = ['/dashboard', '/dashboard/create', ...[...TEAM_PAGES, ...TEAM_ITEM_PAGES].map((p) => `/dashboard/${SOME_ID}${p}`)]
    for (const path of paths) {
      const answer = await status(request, path)
      expect(answer.status, path).toBe(307)
      expect(decodeURIComponent(new URL(answer.location, 'http://x').searchParams.get('next') ?? ''), path).toBe(path)
      expect(new URL(answer.location, 'http://x').pathname, path).toBe('/auth/login')
    }
  })

  test('admin pages are not-found for visitors', async ({ request }) => {
    for (const path of ADMIN) expect(await status(request, path), path).toMatchObject({ status: 404 })
  })

  test('admin pages are not-found for a signed-in non-admin', async ({ page }) => {
    await signIn(page, DEMO.member, DEMO_PASSWORD)
    await page.waitForURL(/\/dashboard/)
    for (const path of ADMIN) expect(await status(page.request, path), path).toMatchObject({ status: 404 })
  })

  test('admin pages open for an administrator (an unknown user id is not-found)', async ({ page }) => {
    await signIn(page, DEMO.admin, DEMO_PASSWORD)
    // an administrator in no team lands on /admin
    await page.waitForURL(/\/admin/)
    for (const path of ADMIN) {
      expect(await status(page.request, path), path).toMatchObject({ status: path.includes(SOME_ID) ? 404 : 200 })
    }
    await page.goto('/admin/users')
    await page.getByRole('link', { name: /owner@demo\.test/ }).click()
    await expect(page.getByRole('heading', { name: 'Teams' })).toBeVisible()
    await expect(page.getByText('Harbour Realty', { exact: true })).toBeVisible()
  })

  test('team pages open for a member of the team', async ({ page }) => {
    await signIn(page, DEMO.member, DEMO_PASSWORD)
    const teamId = await demoTeamId(page)
    for (const path of TEAM_PAGES) {
      expect(await status(page.request, `/dashboard/${teamId}${path}`), path).toMatchObject({ status: 200 })
    }
    // unknown listings and videos are not-found with a real 404, decided before any skeleton streams
    for (const path of TEAM_ITEM_PAGES) {
      expect(await status(page.request, `/dashboard/${teamId}${path}`), path).toMatchObject({ status: 404 })
    }
    // an unknown video of a listing the team has: the video page and the editor (no skeleton) say so themselves
    await seedDemoListing(standInUrl, CLI_SERVICE_ROLE_KEY)
    for (const path of [`/props/${DEMO_LISTING_ID}/${SOME_ID}`, `/props/${DEMO_LISTING_ID}/${SOME_ID}/edit`]) {
      expect(await status(page.request, `/dashboard/${teamId}${path}`), path).toMatchObject({ status: 404 })
    }
    // and so is a team the person is not in
    for (const path of TEAM_PAGES) {
      expect(await status(page.request, `/dashboard/${SOME_ID}${path}`), path).toMatchObject({ status: 404 })
    }
  })
})
