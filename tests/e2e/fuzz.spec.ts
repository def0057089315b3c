import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test, type APIRequestContext } from '@playwright/test'
import { CLI_ANON_KEY, CLI_SERVICE_ROLE_KEY } from '../../supabase/local/config'
import { appUrl, standInUrl } from './env'
import { signUp, uniqueEmail } from './helpers'

// Issue 11: every server action and route handler, called the way an attacker would (straight over
// HTTP, any body), answers without a server error and without writing anything half-way. The
// actions come from the build's own manifest, so a new action is fuzzed without editing this file.

const SOME_ID = '00000000-0000-4000-8000-000000000001'
const NUL = 'a\u0000b'
const HUGE = 'x'.repeat(300_000)

interface ManifestEntry {
  filename?: string
  exportedName?: string
}

function serverActions(): { id: string; name: string }[] {
  const file = path.resolve('.next/e2e/server/server-reference-manifest.json')
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as { node: Record<string, ManifestEntry> }
  return Object.entries(manifest.node).map(([id, entry]) => ({ id, name: `${entry.filename}#${entry.exportedName}` }))
}

/** Arguments of every wrong kind: missing, wrong types, NUL bytes, oversized, forged ids, nesting. */
function payloads(teamId: string): unknown[][] {
  const fields = (value: unknown) =>
    Object.fromEntries(
      ['teamId', 'listingId', 'videoId', 'assetId', 'invitationId', 'userId', 'id', 'email', 'password', 'currentPassword',
        'confirmPassword', 'fullName', 'name', 'title', 'caption', 'role', 'token', 'path', 'kind', 'props', 'template',
        'format', 'next', 'confirmName', 'avatarPath', 'status', 'order', 'nonce'].map((key) => [key, value]),
    )
  return [
    [],
    [null],
    [42],
    [true],
    [NUL],
    [{}],
    [[1, 2, 3]],
    [fields(NUL)],
    [fields(12345)],
    [fields({ nested: [NUL, { deeper: NUL }] })],
    [fields(null)],
    [{ ...fields('ok'), teamId, email: `fuzz${NUL}@example.test` }],
    [{ title: HUGE, name: HUGE }],
    [teamId, NUL, { title: NUL }],
    [teamId, 'not-a-uuid', { title: 123, props: 'nope' }],
    [teamId, SOME_ID, { title: 'Fuzz', template: 'classic-tour', format: 'landscape', props: { listing: {}, scenes: [{ id: NUL, src: `media:${teamId}/../x.jpg` }] } }],
    [SOME_ID, SOME_ID, SOME_ID],
    [teamId, { nested: { deep: [NUL] } }, null],
    [teamId, SOME_ID, [SOME_ID, NUL]],
    ['template', 'format', { scenes: 'x'.repeat(70_000) }],
  ]
}

async function callAction(request: APIRequestContext, id: string, args: unknown[]) {
  return request.post('/', {
    headers: { 'Next-Action': id, 'Content-Type': 'text/plain;charset=UTF-8', Accept: 'text/x-component', Origin: appUrl },
    data: JSON.stringify(args),
    maxRedirects: 0,
  })
}

/** Everything of the fuzzing user's team and profile, to compare before and after. */
async function snapshot(teamId: string, userId: string): Promise<string> {
  const headers = { apikey: CLI_SERVICE_ROLE_KEY, Authorization: `Bearer ${CLI_SERVICE_ROLE_KEY}` }
  const read = async (table: string, filter: string) => {
    const response = await fetch(`${standInUrl}/rest/v1/${table}?${filter}&order=created_at.asc`, { headers })
    expect(response.status, `read ${table}`).toBe(200)
    return response.json()
  }
  const byTeam = `team_id=eq.${teamId}`
  const rows = {
    teams: await read('teams', `id=eq.${teamId}`),
    team_members: await read('team_members', byTeam),
    team_invitations: await read('team_invitations', byTeam),
    credit_ledger: await read('credit_ledger', byTeam),
    listings: await read('listings', byTeam),
    agents: await read('agents', byTeam),
    media_assets: await read('media_assets', byTeam),
    videos: await read('videos', byTeam),
    profiles: await read('profiles', `id=eq.${userId}`),
    owned: await read('team_members', `user_id=eq.${userId}`),
  }
  // a valid no-op among the payloads (every field null: "remove my avatar" when there is none) may
  // touch updated_at; the content is what must not change
  return JSON.stringify(rows, (key, value) => (key === 'updated_at' ? undefined : value))
}

test.describe('fuzzing every server action and route handler', () => {
  test.describe.configure({ timeout: 240_000 })

  test('no 500, no unexpected error, and nothing written by bad input', async ({ page }) => {
    const actions = serverActions()
    expect(actions.length, 'actions found in the build manifest').toBeGreaterThan(30)

    await signUp(page, uniqueEmail('fuzz'), 'fuzz-password-1', 'Fuzz Tester')
    await expect(page).toHaveURL(/\/dashboard\/create/, { timeout: 20_000 })
    await page.getByLabel('Team name').fill('Fuzz Realty')
    await page.getByRole('button', { name: 'Create team' }).click()
    await expect(page).toHaveURL(/\/dashboard\/[0-9a-f-]{36}$/, { timeout: 20_000 })
    const teamId = new URL(page.url()).pathname.split('/')[2]
    const token = await sessionToken(() => page.context().cookies())
    const me = await fetch(`${standInUrl}/auth/v1/user`, { headers: { apikey: CLI_ANON_KEY, Authorization: `Bearer ${token}` } })
    const myId = ((await me.json()) as { id: string }).id
    const before = await snapshot(teamId, myId)

    const failures: string[] = []
    let calls = 0
    for (const action of actions) {
      for (const args of payloads(teamId)) {
        const response = await callAction(page.request, action.id, args)
        calls += 1
        const body = await response.text()
        const label = `${action.name} ${JSON.stringify(args).slice(0, 80)}`
        if (response.status() >= 500) failures.push(`${label} → ${response.status()}`)
        else if (body.includes('Something went wrong on our side')) failures.push(`${label} → unexpected error`)
      }
    }
    expect(failures).toEqual([])
    expect(calls).toBe(actions.length * payloads(teamId).length)
    expect(await snapshot(teamId, myId)).toBe(before)
  })

  test('route handlers answer bad queries and bodies with redirects, never 500', async ({ request }) => {
    const queries = [
      '', '?code=%00', `?code=${'a'.repeat(5000)}`, '?token_hash=%00&type=signup', '?token_hash=abc&type=bogus',
      '?token_hash[]=a&type[]=b', '?next=%00', '?next=//evil.test&code=x', `?next=${'/a'.repeat(3000)}`,
    ]
    for (const query of queries) {
      const response = await request.get(`/auth/callback${query}`, { maxRedirects: 0 })
      expect(response.status(), query).toBe(307)
      expect(new URL(response.headers()['location'], appUrl).origin, query).toBe(appUrl)
    }
    for (const body of ['', NUL, '{"a":', HUGE]) {
      const response = await request.post('/auth/signout', { data: body, headers: { Origin: appUrl }, maxRedirects: 0 })
      expect(response.status()).toBe(303)
    }
    expect((await request.get('/auth/signout', { maxRedirects: 0 })).status()).toBe(405)
  })
})

/** The access token from the session cookie (@supabase/ssr stores it base64url-encoded, maybe chunked). */
async function sessionToken(cookies: () => Promise<{ name: string; value: string }[]>): Promise<string> {
  const all = (await cookies()).filter((c) => /^sb-.*-auth-token(\.\d+)?$/.test(c.name)).sort((a, b) => a.name.localeCompare(b.name))
  const raw = all.map((c) => c.value).join('')
  const json = raw.startsWith('base64-') ? Buffer.from(raw.slice(7), 'base64url').toString('utf8') : decodeURIComponent(raw)
  return (JSON.parse(json) as { access_token: string }).access_token
}
