import { expect, test, type Browser, type Page } from '@playwright/test'
import { startConfiguredApp, type ConfiguredApp } from '../../scripts/lib/configured-app'
import { startPostHogReceiver, startSentryReceiver, type PostHogReceiver, type SentryReceiver } from '../helpers/observability-receivers'
import { DEMO, DEMO_PASSWORD, standInUrl } from './env'
import { signIn, signOut } from './helpers'
import { DEMO_IDS, interact, lookLikeAPersonsBrowser, recordRequests } from './observability-helpers'

/*
 * PostHog and Sentry switched on, pointed at local receivers started here. The services are read at
 * run time, so this is a second `next start` of the stack's own build (.next/e2e) with the settings,
 * not a second build (docs/observability.md). Not in E2E_NEXT=dev mode: there is no build to start.
 */
const PERSON_USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36'
const PORT = Number(process.env.E2E_CONFIGURED_PORT ?? 3112)
const KEY = 'phc_e2e_observability'
let posthog: PostHogReceiver
let sentry: SentryReceiver
let app: ConfiguredApp

test.describe.configure({ mode: 'serial' })
// The browser says a person's user agent from its launch. Playwright's per-context override does not
// reach a document's pagehide: there navigator.userAgent reads "HeadlessChrome", and posthog-js drops
// the page's $pageleave as a bot's (found while testing it; a person's browser has no such switch).
test.use({
  launchOptions: [
    async ({ launchOptions }, use) => use({ ...launchOptions, args: [...(launchOptions.args ?? []), `--user-agent=${PERSON_USER_AGENT}`] }),
    { scope: 'worker' },
  ],
})
test.skip(process.env.E2E_NEXT === 'dev', 'needs the production build the stack made')

test.beforeAll(async () => {
  posthog = await startPostHogReceiver({ flags: { 'landing-headline': 'minutes' } })
  sentry = await startSentryReceiver()
  app = await startConfiguredApp({
    port: PORT,
    env: { POSTHOG_KEY: KEY, POSTHOG_HOST: posthog.url, SENTRY_DSN: sentry.dsn, SENTRY_ENVIRONMENT: 'e2e', SENTRY_RELEASE: 'e2e-release', SENTRY_TRACES_SAMPLE_RATE: '0' },
  })
})
test.afterAll(async () => {
  await app?.stop()
  await posthog?.close()
  await sentry?.close()
})

async function personPage(browser: Browser, headers: Record<string, string> = {}): Promise<{ page: Page; urls: string[] }> {
  const context = await browser.newContext({ baseURL: app.url, extraHTTPHeaders: headers })
  await lookLikeAPersonsBrowser(context)
  const page = await context.newPage()
  const urls = recordRequests(page)
  // a CSP refusal (the SDKs under the nonce CSP, unchanged for them) would show here
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) urls.push(`csp-violation: ${message.text()}`)
  })
  return { page, urls }
}

/** The browser spoke only to this site (the relays) and its Supabase, never to PostHog or Sentry directly, and the CSP refused nothing. */
function onlyFirstParty(urls: string[]) {
  const allowed = new Set([new URL(app.url).origin, new URL(standInUrl).origin])
  expect(urls.filter((url) => url.startsWith('csp-violation') || (url.startsWith('http') && !allowed.has(new URL(url).origin)))).toEqual([])
}

test('the landing page shows the headline PostHog chose, records the exposure, page views and a replay', async ({ browser }) => {
  const { page, urls } = await personPage(browser)
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('From listing photos to a narrated video in minutes.')
  // the server asked for this visitor's flags before rendering
  const serverFlags = await posthog.waitFor((r) => r.path === '/flags/', 5_000, 'the server flags request')
  const { distinct_id: visitor } = JSON.parse(serverFlags.body.toString()) as { distinct_id: string }
  expect(visitor).toMatch(/^[0-9a-f-]{36}$/)

  await interact(page)
  await posthog.waitFor((r) => r.method === 'GET' && r.path === `/array/${KEY}/config`, 15_000, 'the remote configuration')
  await expect.poll(() => posthog.events().some((e) => e.event === '$feature_flag_called'), { timeout: 20_000 }).toBe(true)
  const events = posthog.events()
  expect(events.find((e) => e.event === '$feature_flag_called')).toMatchObject({
    properties: { $feature_flag: 'landing-headline', $feature_flag_response: 'minutes', distinct_id: visitor },
  })
  const pageview = events.find((e) => e.event === '$pageview')!
  expect(pageview.properties).toMatchObject({ distinct_id: visitor, $current_url: `${app.url}/`, $geoip_disable: true })
  // the batch endpoint: posthog-js puts device, session and window in each event (its /e/ has no query
  // parameters)
  expect(posthog.requests.some((r) => r.method === 'POST' && r.path === '/e/')).toBe(true)
  expect(pageview.properties).toMatchObject({ $device_id: expect.any(String), $session_id: expect.any(String), $window_id: expect.any(String), $lib: 'web' })
  // the flags came with the page (the server's bootstrap): the browser never asked for them, and every
  // /flags request PostHog saw was the server's (the key, the distinct id and the flag names; no person properties)
  expect(urls.filter((url) => /\/ingest\/(flags|decide)\b/.test(url))).toEqual([])
  for (const request of posthog.requests.filter((r) => r.path === '/flags/')) {
    expect(request.query.get('v')).toBe('2')
    expect(Object.keys(JSON.parse(request.body.toString()) as object).sort()).toEqual(['api_key', 'distinct_id', 'flag_keys_to_evaluate', 'groups'])
  }
  // a replay batch for the same session, starting with a full snapshot of the page
  // (the recorder sends while the person is active: keep moving)
  let step = 0
  await expect
    .poll(
      async () => {
        step += 1
        await page.mouse.move(20 + (step % 7) * 40, 200 + (step % 3) * 30)
        return posthog.snapshots().some((s) => (s.data as { type?: number }).type === 2)
      },
      { timeout: 20_000 },
    )
    .toBe(true)
  expect(posthog.snapshots()[0].sessionId).toBe(pageview.properties.$session_id)
  // leaving the page is recorded too ($pageleave, sent as the page goes): by a link within the app,
  // by going to another address, and by closing the tab
  const leaves = (path: string) => posthog.events().filter((e) => e.event === '$pageleave' && e.properties.$current_url === `${app.url}${path}`)
  await page.getByRole('link', { name: 'Privacy policy' }).click()
  await page.waitForURL('**/privacy')
  await expect.poll(() => leaves('/').length, { timeout: 15_000, message: 'a $pageleave for / (in-app link)' }).toBe(1)
  await page.goto('/try')
  await expect.poll(() => leaves('/privacy').length, { timeout: 15_000, message: 'a $pageleave for /privacy (new address)' }).toBe(1)
  await interact(page)
  await expect.poll(() => posthog.events().some((e) => e.event === '$pageview' && e.properties.$current_url === `${app.url}/try`), { timeout: 20_000 }).toBe(true)
  await page.close({ runBeforeUnload: true })
  await expect.poll(() => leaves('/try').length, { timeout: 15_000, message: 'a $pageleave for /try (tab closed)' }).toBe(1)
  // the in-app leave carries posthog-js's time on the page it left, as an unload's does
  expect(leaves('/')[0].properties).toMatchObject({ distinct_id: visitor, $session_id: pageview.properties.$session_id, $prev_pageview_pathname: '/', $prev_pageview_duration: expect.any(Number) })
  onlyFirstParty(urls)
  await page.context().close()
})

test('after sign-in events name the account and its team; replays mask every text and what is typed', async ({ browser }) => {
  const { page, urls } = await personPage(browser)
  await signIn(page, DEMO.owner, DEMO_PASSWORD)
  await page.waitForURL(new RegExp(`/dashboard/${DEMO_IDS.team}$`))
  await page.goto(`/dashboard/${DEMO_IDS.team}/agents`)
  await interact(page)
  await expect.poll(() => posthog.events().some((e) => e.event === '$identify' && e.properties.distinct_id === DEMO_IDS.owner), { timeout: 20_000 }).toBe(true)
  await page.getByRole('button', { name: 'New agent' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'New agent' })
  await dialog.getByLabel('Full name').fill('Typed Secret Name')
  await dialog.getByLabel('Phone (optional)').fill('+1 555 0100 777')
  await dialog.getByLabel('Email (optional)').fill('typed.secret@example.test')
  const before = posthog.snapshots().length
  await expect.poll(() => posthog.snapshots().length, { timeout: 20_000 }).toBeGreaterThan(before)
  await page.waitForTimeout(3_000)
  const replay = JSON.stringify(posthog.snapshots())
  // the dialog is in the replay (its structure), its words are not: every text is masked by default
  expect(replay).toContain('"tagName":"dialog"')
  for (const secret of ['Typed Secret Name', '555 0100 777', 'typed.secret@example.test', 'Phone (optional)', 'New agent']) expect(replay).not.toContain(secret)
  const grouped = posthog.events().filter((e) => e.properties.distinct_id === DEMO_IDS.owner && e.event === '$pageview')
  expect(grouped.some((e) => (e.properties.$groups as { team?: string } | undefined)?.team === DEMO_IDS.team)).toBe(true)
  expect(JSON.stringify(posthog.events())).not.toContain(DEMO.owner)
  // signed out (through the account menu): the next person on this browser starts as a new anonymous visitor
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await signOut(page)
  await interact(page)
  await expect
    .poll(() => posthog.events().some((e) => e.event === '$pageview' && String(e.properties.$current_url).endsWith('/auth/login') && e.properties.distinct_id !== DEMO_IDS.owner), { timeout: 20_000 })
    .toBe(true)
  onlyFirstParty(urls)
  await page.context().close()
})

test('errors and traces reach Sentry with their stack, tags and the account id (never the email)', async ({ browser }) => {
  const { page, urls } = await personPage(browser)
  await signIn(page, DEMO.admin, DEMO_PASSWORD)
  await page.waitForURL(/\/admin/)
  await page.goto('/admin/dev/sentry-example')
  await expect(page.getByText('Configured')).toHaveCount(3)
  await interact(page)
  const sent = page.getByTestId('sent-reports')

  await page.getByRole('button', { name: 'Throw a client error' }).click()
  await expect(sent).toContainText(/Client error \(uncaught, in a click handler\): event [0-9a-f]{32}/)
  const clientId = (await sent.textContent())!.match(/click handler\): event ([0-9a-f]{32})/)![1]
  await page.getByRole('button', { name: 'Throw a server error' }).click()
  await expect(sent).toContainText(/Server error \(route handler, HTTP 500\): event [0-9a-f]{32}/)
  const serverId = (await sent.textContent())!.match(/HTTP 500\): event ([0-9a-f]{32})/)![1]
  await page.getByRole('button', { name: 'Run a traced span' }).click()
  await expect(sent).toContainText(/Traced span \(browser → route handler, server action\): trace [0-9a-f]{32}/)
  const traceId = (await sent.textContent())!.match(/: trace ([0-9a-f]{32})/)![1]

  const event = (id: string) => sentry.items('event').map((i) => i.payload).find((p) => p.event_id === id)
  await expect.poll(() => Boolean(event(clientId) && event(serverId)), { timeout: 20_000 }).toBe(true)
  for (const [id, message, where] of [
    [clientId, 'Test error thrown in a click handler from /admin/dev/sentry-example', 'javascript'],
    [serverId, 'Test error thrown in a route handler from /admin/dev/sentry-example', 'node'],
  ] as const) {
    const payload = event(id)!
    expect(payload).toMatchObject({ environment: 'e2e', release: 'e2e-release', platform: where, user: { id: DEMO_IDS.admin } })
    const exception = (payload.exception as { values: Array<{ value: string; stacktrace?: { frames: unknown[] } }> }).values.at(-1)!
    expect(exception.value).toBe(message)
    expect(exception.stacktrace?.frames.length).toBeGreaterThan(0)
    expect(JSON.stringify(payload)).not.toContain(DEMO.admin)
  }
  expect(event(serverId)!.tags).toMatchObject({ example: 'route-handler' })
  // the span's trace: the browser's transaction, the route handler's and the server action's (named by
  // its export, not "POST /admin/dev/sentry-example"), one trace
  const traced = () => sentry.items('transaction').map((i) => i.payload).filter((p) => (p.contexts as { trace?: { trace_id?: string } }).trace?.trace_id === traceId)
  await expect.poll(() => traced().length, { timeout: 20_000 }).toBeGreaterThanOrEqual(3)
  const names = traced().map((t) => `${t.platform} ${t.transaction}`)
  expect(names, names.join(', ')).toEqual(
    expect.arrayContaining(['javascript sentry-example: traced span', expect.stringMatching(/^node GET \/api\/dev\/sentry-example/), 'node serverAction/runTracedExampleAction']),
  )
  const action = traced().find((t) => t.transaction === 'serverAction/runTracedExampleAction')!
  expect((action.contexts as { trace?: { data?: Record<string, unknown> } }).trace?.data).toMatchObject({ 'code.filepath': 'lib/monitoring/example-actions.ts' })
  const serverSpans = traced().flatMap((t) => (t.spans as Array<{ description?: string }> | undefined) ?? [])
  expect(serverSpans.map((span) => span.description)).toEqual(expect.arrayContaining(['sentry-example: server work', 'sentry-example: action work']))

  // an uncaught server error (a page that throws) is reported by the server itself
  expect((await page.goto('/admin/dev/sentry-example?throw=server'))?.status()).toBe(500)
  await expect
    .poll(() => sentry.items('event').some((i) => JSON.stringify(i.payload).includes('Test error thrown on the server from /admin/dev/sentry-example')), { timeout: 20_000 })
    .toBe(true)
  onlyFirstParty(urls)
  await page.context().close()
})

test('Global Privacy Control and the profile switch leave a person out', async ({ browser }) => {
  const gpc = await personPage(browser, { 'Sec-GPC': '1' })
  await gpc.page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }))
  const flagsBefore = posthog.requests.filter((r) => r.path === '/flags/').length
  await gpc.page.goto('/')
  await expect(gpc.page.getByRole('heading', { level: 1 })).toHaveText('Turn any listing into a video that sells it.')
  await interact(gpc.page)
  await gpc.page.waitForTimeout(4_000)
  expect(gpc.urls.filter((url) => url.includes('/ingest/'))).toEqual([])
  expect(posthog.requests.filter((r) => r.path === '/flags/').length).toBe(flagsBefore)
  await gpc.page.context().close()

  const { page } = await personPage(browser)
  await signIn(page, DEMO.member, DEMO_PASSWORD)
  await page.waitForURL(new RegExp(`/dashboard/${DEMO_IDS.team}$`))
  await page.goto(`/dashboard/${DEMO_IDS.team}/profile`)
  const share = page.getByRole('switch', { name: 'Share usage analytics and session replays' })
  await expect(share).toBeChecked()
  await share.uncheck()
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Usage analytics and session replays are off for your account' })).toBeVisible()
  try {
    const from = posthog.events().length
    await page.goto(`/dashboard/${DEMO_IDS.team}/props`)
    await interact(page)
    await page.waitForTimeout(6_000)
    // a batch of events captured before the switch may still be flushed after it (under load it was,
    // twice in one CI run); nothing may be captured on the page visited after opting out
    const props = `${app.url}/dashboard/${DEMO_IDS.team}/props`
    expect(posthog.events().slice(from).filter((e) => e.properties.$current_url === props).map((e) => e.event)).toEqual([])
  } finally {
    await page.goto(`/dashboard/${DEMO_IDS.team}/profile`)
    await page.getByRole('switch', { name: 'Share usage analytics and session replays' }).check()
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Usage analytics is on for your account' })).toBeVisible()
    await page.context().close()
  }
})
