import { AxeBuilder } from '@axe-core/playwright'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { DEMO_LISTING_ID, seedDemoListing } from '../../scripts/demo-listing'
import { CLI_SERVICE_ROLE_KEY } from '../../supabase/local/config'
import { DEMO, DEMO_PASSWORD, standInUrl } from './env'
import { signIn } from './helpers'

/*
 * The voice catalogue end to end: an administrator adds two voices in /admin/dev/voices, gives one a
 * recorded sample (a file that only claims to be audio is refused by its content), moves a voice with
 * the keyboard and deactivates the other; a member of the demo team then finds the active voice with
 * its playable sample in the library's Voices tab and in the create-video voice picker (the demo
 * listing, added as `npm run dev` adds it), and not the inactive one. The voices are new ones
 * (unique names), so the seeded catalogue other specs read is left as it is.
 */

const NAVIGATION = { timeout: 30_000 }
const HARBOUR = 'd0000000-0000-4000-8000-0000000000a1'

const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text })

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await signIn(page, email, DEMO_PASSWORD)
  // the administrator (in no team) lands on /admin, everyone else on their team
  await page.waitForURL((url) => url.pathname.startsWith('/dashboard') || url.pathname.startsWith('/admin'), NAVIGATION)
  return page
}

/** One second of a 440 Hz tone: a real WAV file. */
function toneWav(): Buffer {
  const rate = 16000
  const samples = rate
  const wav = Buffer.alloc(44 + samples * 2)
  wav.write('RIFF', 0)
  wav.writeUInt32LE(36 + samples * 2, 4)
  wav.write('WAVEfmt ', 8)
  wav.writeUInt32LE(16, 16)
  wav.writeUInt16LE(1, 20)
  wav.writeUInt16LE(1, 22)
  wav.writeUInt32LE(rate, 24)
  wav.writeUInt32LE(rate * 2, 28)
  wav.writeUInt16LE(2, 32)
  wav.writeUInt16LE(16, 34)
  wav.write('data', 36)
  wav.writeUInt32LE(samples * 2, 40)
  for (let i = 0; i < samples; i++) wav.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2)
  return wav
}

// the smallest PNG there is: an image, whatever its name says
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')

async function addVoice(page: Page, name: string, providerVoiceId: string) {
  await page.getByRole('button', { name: 'New voice' }).click()
  const dialog = page.getByRole('dialog', { name: 'New voice' })
  await dialog.getByLabel('Name').fill(name)
  await dialog.getByLabel('Language').fill('en-AU')
  await expect(dialog.getByText('English (Australia)')).toBeVisible()
  await dialog.getByLabel('Gender').selectOption('female')
  await dialog.getByLabel('Provider', { exact: true }).fill('e2e')
  await dialog.getByLabel('Provider voice id').fill(providerVoiceId)
  await dialog.getByRole('button', { name: 'Add voice' }).click()
  await expect(toast(page, `${name} added to the catalogue`)).toBeVisible()
  await expect(dialog).toBeHidden()
}

test('an admin adds voices with a sample and deactivates one; a member hears the active one in the library and never sees the other', async ({ browser }) => {
  test.setTimeout(150_000)
  const stamp = Date.now().toString(36)
  const active = `Nora ${stamp}`
  const retired = `Rex ${stamp}`

  const admin = await signedIn(browser, DEMO.admin)
  await admin.goto('/admin/dev/voices')
  await expect(admin.getByRole('heading', { name: 'Voices', level: 1 })).toBeVisible(NAVIGATION)
  // the seeded catalogue is listed in order
  const list = admin.getByRole('list', { name: 'Voices, in the order teams see them' })
  await expect(list.getByRole('listitem').first()).toHaveAccessibleName(/^Sarah, position 1 of \d+$/)

  // the form is checked in the browser first
  await admin.getByRole('button', { name: 'New voice' }).click()
  const form = admin.getByRole('dialog', { name: 'New voice' })
  await form.getByLabel('Language').fill('English')
  await form.getByRole('button', { name: 'Add voice' }).click()
  await expect(form.getByText('Give the voice a name.')).toBeVisible()
  await expect(form.getByText('Give the language as a BCP-47 tag such as en-US or pt-BR.')).toBeVisible()
  await form.getByRole('button', { name: 'Cancel' }).click()

  await addVoice(admin, active, `nora-${stamp}`)
  await addVoice(admin, retired, `rex-${stamp}`)
  const row = (name: string) => list.getByRole('listitem').filter({ hasText: name })
  await expect(row(active)).toContainText('No sample')

  // the sample: generating says plainly that this server has no provider 'e2e'; a fake file is refused
  await admin.getByRole('button', { name: `Sample of ${active}` }).click()
  const sample = admin.getByRole('dialog', { name: `Sample of ${active}` })
  await expect(sample.getByRole('button', { name: 'Generate sample' })).toBeDisabled()
  await expect(sample.getByTestId('no-voice-provider')).toHaveText(/no speech provider called “e2e”/)
  const file = sample.locator('input[type="file"]')
  await file.setInputFiles({ name: 'fake.wav', mimeType: 'audio/wav', buffer: PNG })
  await expect(toast(admin, 'fake.wav is not an MP3, WAV, M4A, AAC or Ogg audio file (it is a PNG file).')).toBeVisible(NAVIGATION)
  await file.setInputFiles({ name: 'nora.wav', mimeType: 'audio/wav', buffer: toneWav() })
  await expect(toast(admin, `${active} has a new sample`)).toBeVisible(NAVIGATION)
  await expect(sample.locator('audio')).toHaveAttribute('src', /\/storage\/v1\/object\/public\/voices\/samples\/.+\/nora\.wav$/)
  await sample.getByRole('button', { name: 'Done' }).click()
  await expect(row(active).locator('audio')).toHaveAttribute('src', /nora\.wav$/)

  // keyboard reorder: the retired voice moves above the active one and keeps the focus
  const before = await list.getByRole('listitem').allInnerTexts()
  const at = (name: string, texts: string[]) => texts.findIndex((t) => t.includes(name))
  expect(at(retired, before)).toBe(at(active, before) + 1)
  await admin.getByRole('button', { name: `Move ${retired} up` }).focus()
  await admin.keyboard.press('Enter')
  await expect(row(retired)).toHaveAccessibleName(new RegExp(`position ${at(active, before) + 1} of`))
  await expect(admin.getByRole('button', { name: `Move ${retired} up` })).toBeFocused()

  await admin.getByRole('button', { name: `Deactivate ${retired}` }).click()
  await expect(toast(admin, `${retired} is inactive: teams no longer see it`)).toBeVisible()
  await expect(row(retired).getByText('Inactive')).toBeVisible()

  // a member of the demo team: the library's Voices tab
  const member = await signedIn(browser, DEMO.member)
  await member.goto(`/dashboard/${HARBOUR}/library?kind=voices`)
  const voices = member.getByRole('list', { name: 'Voices' })
  await expect(voices.getByRole('heading', { name: active })).toBeVisible(NAVIGATION)
  await expect(voices.getByRole('heading', { name: retired })).toHaveCount(0)
  const player = voices.getByRole('listitem').filter({ hasText: active }).locator('audio')
  const src = await player.getAttribute('src')
  const played = await member.request.get(src!)
  expect(played.status()).toBe(200)
  expect(played.headers()['content-type']).toBe('audio/wav')
  expect((await played.body()).subarray(0, 4).toString()).toBe('RIFF')
  // the seeded voices come with their samples too
  await expect(voices.getByRole('listitem').filter({ hasText: 'Sarah' }).locator('audio')).toHaveAttribute('src', /flite-slt\.wav$/)

  // the voice picker of create-video offers the active voice with its sample, never the inactive one
  await seedDemoListing(standInUrl, CLI_SERVICE_ROLE_KEY)
  await member.goto(`/dashboard/${HARBOUR}/props/${DEMO_LISTING_ID}/create-video`)
  const picker = member.getByLabel('Narration voice')
  await expect(picker).toBeVisible(NAVIGATION)
  await expect(picker.locator('option', { hasText: retired })).toHaveCount(0)
  await picker.selectOption({ label: `${active} — English (Australia), female` })
  await expect(member.getByTestId('voice-sample')).toHaveAttribute('src', src!)
})

test('the voice screens pass an automated accessibility check (axe, WCAG 2.1 A and AA)', async ({ browser }) => {
  // two sign-ins (the administrator's with a second factor) and four axe runs
  test.setTimeout(150_000)
  const check = async (page: Page, what: string) => {
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
    expect(violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`), what).toEqual([])
  }
  const admin = await signedIn(browser, DEMO.admin)
  await admin.goto('/admin/dev/voices')
  await expect(admin.getByTestId('voice-row').first()).toBeVisible(NAVIGATION)
  await check(admin, 'the catalogue')
  await admin.getByRole('button', { name: 'Sample of Sarah' }).click()
  await expect(admin.getByRole('dialog', { name: 'Sample of Sarah' })).toBeVisible()
  await check(admin, 'the sample dialog')
  await admin.keyboard.press('Escape')
  await admin.getByRole('button', { name: 'New voice' }).click()
  await expect(admin.getByRole('dialog', { name: 'New voice' })).toBeVisible()
  await check(admin, 'the voice form')

  const member = await signedIn(browser, DEMO.member)
  await member.goto(`/dashboard/${HARBOUR}/library?kind=voices`)
  await expect(member.getByTestId('library-voice').first()).toBeVisible(NAVIGATION)
  await check(member, 'the library voices')
})
