import type { BrowserContext, Page } from '@playwright/test'

/** The demo people's ids (supabase/seed.sql). */
export const DEMO_IDS = {
  owner: 'd0000000-0000-4000-8000-000000000001',
  member: 'd0000000-0000-4000-8000-000000000002',
  admin: 'd0000000-0000-4000-8000-000000000003',
  team: 'd0000000-0000-4000-8000-0000000000a1',
} as const

/**
 * posthog-js drops every event from a browser that looks automated (navigator.webdriver, a
 * "HeadlessChrome" brand). The tests' Chromium is one; this makes it look like a person's, so what
 * a real visitor's browser would send is what arrives. Nothing in the app is changed for tests.
 */
export async function lookLikeAPersonsBrowser(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false })
    Object.defineProperty(Navigator.prototype, 'userAgentData', { get: () => undefined })
  })
}

/** Every URL the page asks for, from now on. */
export function recordRequests(page: Page): string[] {
  const urls: string[] = []
  page.on('request', (request) => urls.push(request.url()))
  return urls
}

/** What the app loads only after an interaction (or 5 s): a pointer move starts it. */
export async function interact(page: Page): Promise<void> {
  await page.mouse.move(40, 40)
  await page.mouse.move(80, 120)
}
