import { expect, test, type Browser, type Page } from '@playwright/test'
import { startConfiguredApp, type ConfiguredApp } from '../../scripts/lib/configured-app'
import { DEMO_LISTING_ID, seedDemoListing } from '../../scripts/demo-listing'
import { CLI_SERVICE_ROLE_KEY } from '../../supabase/local/config'
import { decodePostHogBody, startPostHogReceiver, type PostHogReceiver } from '../helpers/observability-receivers'
import { DEMO, DEMO_PASSWORD, standInUrl } from './env'
import { signIn } from './helpers'
import { DEMO_IDS, interact, lookLikeAPersonsBrowser } from './observability-helpers'

/*
 * What reaches PostHog carries no personal data (docs/observability.md): no query string or
 * fragment in any address (events, person properties, the /flags request, the replay's page
 * addresses), and replays that mask every word on the page — the account's name and email in the
 * sidebar, listing addresses and postal codes, the agent's name. A second `next start` of the e2e
 * build with PostHog pointed at a local receiver, as in observability.spec.ts (its own port).
 */
const PORT = Number(process.env.E2E_PRIVACY_PORT ?? 3113)
const KEY = 'phc_e2e_privacy'
let posthog: PostHogReceiver
let app: ConfiguredApp

test.describe.configure({ mode: 'serial' })
test.skip(process.env.E2E_NEXT === 'dev', 'needs the production build the stack made')

test.beforeAll(async () => {
  await seedDemoListing(standInUrl, CLI_SERVICE_ROLE_KEY)
  posthog = await startPostHogReceiver({ flags: { 'landing-headline': 'minutes' } })
  app = await startConfiguredApp({ port: PORT, env: { POSTHOG_KEY: KEY, POSTHOG_HOST: posthog.url } })
})
test.afterAll(async () => {
  await app?.stop()
  await posthog?.close()
})

/** A one-time code and token in the query, and a fragment, as an emailed link brings them. */
const SECRETS = '?code=secret123&token_hash=abc#frag'
const LEAKS = ['secret123', 'token_hash', 'abc#frag', '#frag', 'code=']

async function personPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: app.url })
  await lookLikeAPersonsBrowser(context)
  return context.newPage()
}

/** Every body PostHog received (events, replays, flags, remote config requests), decoded, as one text. */
function everythingReceived(): string {
  return posthog.requests
    .map((request) => {
      const query = request.query.toString()
      let body = ''
      try {
        body = JSON.stringify(decodePostHogBody(request.body))
      } catch {
        body = request.body.toString('latin1')
      }
      return `${request.method} ${request.path}?${query}\n${body}`
    })
    .join('\n')
}

/** Replays so far, with their compressed parts unpacked, as one text. */
function replayText(): string {
  return JSON.stringify(posthog.snapshots())
}

/** Waits until the replay holds a full snapshot of the page at `path` (its Meta event names it, with or without a query). */
async function replayed(page: Page, path: string) {
  const here = `${app.url}${path}`
  let step = 0
  await expect
    .poll(
      async () => {
        step += 1
        await page.mouse.move(30 + (step % 9) * 35, 220 + (step % 4) * 25)
        return posthog.snapshots().some((s) => {
          const data = s.data as { type?: number; data?: { href?: string } }
          const href = data.type === 4 ? data.data?.href : undefined
          return href === here || Boolean(href?.startsWith(`${here}?`) || href?.startsWith(`${here}#`))
        })
      },
      { timeout: 25_000, message: `a replay of ${path}` },
    )
    .toBe(true)
}

test('addresses reach PostHog without their query string or fragment: events, person properties, flags, replays', async ({ browser }) => {
  test.setTimeout(90_000)
  const page = await personPage(browser)
  await page.goto(`/auth/login${SECRETS}`)
  await interact(page)
  await expect.poll(() => posthog.events().some((e) => e.event === '$pageview' && String(e.properties.$current_url).startsWith(`${app.url}/auth/login`)), { timeout: 20_000 }).toBe(true)
  await replayed(page, '/auth/login')
  // signing in from that page: $identify carries the person's first page and referrer ($set_once);
  // the browser does not ask for flags (the server evaluates them), so no /flags body carries them
  await signIn(page, DEMO.owner, DEMO_PASSWORD)
  await page.waitForURL(new RegExp(`/dashboard/${DEMO_IDS.team}$`))
  await interact(page)
  await expect.poll(() => posthog.events().some((e) => e.event === '$identify' && e.properties.distinct_id === DEMO_IDS.owner), { timeout: 20_000 }).toBe(true)
  await page.waitForTimeout(2_000)
  const personFlags = posthog.requests
    .filter((r) => r.path === '/flags/' && r.body.length)
    .map((r) => decodePostHogBody(r.body) as { person_properties?: Record<string, unknown> })
    .filter((body) => body.person_properties)
  expect(personFlags).toEqual([])

  // the addresses are there, only shorter
  const identify = posthog.events().find((e) => e.event === '$identify')!
  expect(identify.$set_once).toMatchObject({ $initial_current_url: `${app.url}/auth/login` })
  const loginView = posthog.events().find((e) => e.event === '$pageview' && String(e.properties.$current_url).includes('/auth/login'))!
  expect(loginView.properties).toMatchObject({ $current_url: `${app.url}/auth/login`, $session_entry_url: `${app.url}/auth/login` })

  const received = everythingReceived()
  for (const leak of LEAKS) expect(received, leak).not.toContain(leak)
  await page.context().close()
})

test("replays keep the layout but not the words: no name, email, listing address, postal code or agent's name", async ({ browser }) => {
  test.setTimeout(150_000)
  const page = await personPage(browser)
  await signIn(page, DEMO.owner, DEMO_PASSWORD)
  await page.waitForURL(new RegExp(`/dashboard/${DEMO_IDS.team}$`))
  const team = `/dashboard/${DEMO_IDS.team}`
  // each page shows the personal data on screen, and the replay recorded the page
  const pages: Array<[string, string]> = [
    [team, 'Olivia Owner'],
    [`${team}/props`, '14 Wharf Crescent'],
    [`${team}/props/${DEMO_LISTING_ID}/create-video`, 'Wharf Crescent'],
    [`${team}/agents`, 'Maya Thompson'],
  ]
  for (const [path, shown] of pages) {
    await page.goto(path)
    await expect(page.getByText(shown).filter({ visible: true }).first()).toBeVisible()
    await interact(page)
    await replayed(page, path)
  }
  await page.waitForTimeout(2_000)

  const replay = replayText()
  // the pages were recorded (their structure and masked text), not left out
  expect(replay).toContain('"tagName":"aside"')
  expect(replay).toMatch(/"textContent":"\*{5,}/)
  for (const personal of ['Olivia Owner', 'Olivia', 'owner@demo.test', '14 Wharf Crescent', 'Wharf', 'Mosman', 'Maya Thompson', 'Thompson', 'maya@harbour.example', '5550 0142', 'Hillside modern']) {
    expect(replay, personal).not.toContain(personal)
  }
  // the postal code, as a word in any recorded string (numbers such as timestamps are no text)
  const strings: string[] = []
  JSON.parse(replay, (_, value: unknown) => (typeof value === 'string' && strings.push(value), value))
  expect(strings.filter((s) => /\b2088\b/.test(s))).toEqual([])
  await page.context().close()
})
