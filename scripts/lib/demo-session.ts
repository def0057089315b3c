// The benchmarks' browser session on the e2e stack: the demo listing added (six photos) and the demo
// owner signed in, in the system Chromium, on a desktop-sized page.
import { chromium, type Browser, type Page } from '@playwright/test'
import { DEMO, DEMO_PASSWORD, appUrl, standInUrl } from '../../tests/e2e/env.ts'
import { CLI_SERVICE_ROLE_KEY } from '../../supabase/local/config.ts'
import { DEMO_LISTING_ID, DEMO_TEAM_ID, seedDemoListing } from '../demo-listing.ts'

export async function demoOwnerSession(): Promise<{ browser: Browser; page: Page }> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' })
  try {
    await seedDemoListing(standInUrl, CLI_SERVICE_ROLE_KEY)
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    await page.goto(`${appUrl}/auth/login?next=%2Fdashboard`)
    await page.getByLabel(/email/i).first().fill(DEMO.owner)
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: /sign in/i }).click()
    await page.waitForURL(/\/dashboard\/[0-9a-f-]{36}$/, { timeout: 60_000 })
    return { browser, page }
  } catch (error) {
    await browser.close()
    throw error
  }
}

/** Creates a video of the demo listing with every default (narrated) and waits for its editor's Player. */
export async function openNewEditor(page: Page, title: string): Promise<string> {
  await page.goto(`${appUrl}/dashboard/${DEMO_TEAM_ID}/props/${DEMO_LISTING_ID}/create-video`)
  await page.getByLabel('Video title').fill(title)
  await page.getByRole('button', { name: 'Create video' }).click()
  await page.waitForURL(/\/edit$/, { timeout: 120_000 })
  await page.getByTestId('player-state').waitFor({ timeout: 60_000 })
  return page.url()
}
