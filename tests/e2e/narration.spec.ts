import { expect, test, type Browser, type Page } from '@playwright/test'
import { DEMO_LISTING_ID, seedDemoListing } from '../../scripts/demo-listing'
import { CLI_SERVICE_ROLE_KEY } from '../../supabase/local/config'
import { DEMO, DEMO_PASSWORD, standInUrl } from './env'
import { signIn } from './helpers'

// creating a video speaks its scenes before the editor opens (narrated by default, issue 25): allow for it
const CREATED = { timeout: 120_000 }
test.describe.configure({ timeout: 240_000 })

/*
 * Speech end to end (docs/narration.md): a member of the demo team makes a video of the demo listing
 * with the seeded Flite voice Sarah, speaks scene 1 in the editor (Flite on the server, offline), hears
 * it in the row's player, sees the scene grow to the voice's length in the Player, finds it stale after
 * editing the script and current again after speaking, and finds it saved after a reload. An
 * administrator generates a voice's sample with Flite.
 */

const NAVIGATION = { timeout: 30_000 }
const SPEECH = { timeout: 60_000 }
const HARBOUR = 'd0000000-0000-4000-8000-0000000000a1'
const EDITOR_URL = /\/props\/[0-9a-f-]{36}\/([0-9a-f-]{36})\/edit$/
const LONG_SCRIPT =
  'Step inside this light filled family home, where the open kitchen, the quiet study and the wide garden terrace make every single day feel like a slow summer weekend.'

const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text })

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await signIn(page, email, DEMO_PASSWORD)
  // the administrator (in no team) lands on /admin, everyone else on their team
  await page.waitForURL((url) => url.pathname.startsWith('/dashboard') || url.pathname.startsWith('/admin'), NAVIGATION)
  return page
}

const seekMax = async (page: Page) => Number(await page.getByTestId('video-player').getByTestId('player-seek').getAttribute('max'))

test('a member speaks a scene in the editor; the Player gives the scene the voice’s length and the narration is saved', async ({ browser }) => {
  test.setTimeout(240_000)
  await seedDemoListing(standInUrl, CLI_SERVICE_ROLE_KEY)
  const page = await signedIn(browser, DEMO.member)
  await page.goto(`/dashboard/${HARBOUR}/props/${DEMO_LISTING_ID}/create-video`)
  await expect(page.getByRole('heading', { name: 'Create a video' })).toBeVisible(NAVIGATION)
  await page.getByLabel('Video title').fill(`Narrated tour ${Date.now()}`)
  await page.getByLabel('Narration voice').selectOption({ label: (await page.getByLabel('Narration voice').locator('option').filter({ hasText: /^Sarah/ }).textContent())! })
  await page.getByRole('button', { name: 'Create video' }).click()
  await expect(page).toHaveURL(EDITOR_URL, CREATED)
  await expect(page.getByTestId('video-player')).toBeVisible(NAVIGATION)

  // a long script, spoken: the row says how long, plays it, and the whole video gets longer
  const row = page.getByTestId('scene-narration').first()
  await page.getByLabel('Narration script for scene 1').fill(LONG_SCRIPT)
  const before = await seekMax(page)
  // narrated by default (issue 25): the scene was spoken at creation, so a new script is spoken again
  await row.getByRole('button', { name: /^Speak( again)?: scene 1$/ }).click()
  await expect(row.getByTestId('narration-current')).toHaveText(/^Narrated · \d+\.\d s$/, SPEECH)
  const seconds = Number(/(\d+\.\d)/.exec((await row.getByTestId('narration-current').textContent())!)![1])
  expect(seconds).toBeGreaterThan(6)
  await expect(row.getByTestId('scene-narration-audio')).toHaveAttribute('src', /\/storage\/v1\/object\/sign\/media\/.+\/narration\/[0-9a-f]{64}\.wav/)
  await expect.poll(() => seekMax(page)).toBeGreaterThan(before + 30)

  // the Player plays with the narration in place (it would stay Buffering if the clip could not load)
  const player = page.getByTestId('video-player')
  await player.getByTestId('player-toggle').click()
  await expect(player.getByTestId('player-state')).toHaveText('Playing', NAVIGATION)
  await player.getByTestId('player-toggle').click()

  // editing the script makes it stale; speaking again makes it current
  await page.getByLabel('Narration script for scene 1').fill(`${LONG_SCRIPT} Call today.`)
  await expect(row.getByTestId('narration-stale')).toHaveText('Script changed — speak again')
  await row.getByRole('button', { name: 'Speak again: scene 1' }).focus()
  await page.keyboard.press('Enter')
  await expect(row.getByTestId('narration-current')).toBeVisible(SPEECH)

  // saved with the video: after a reload the scene is still narrated and its clip has a URL
  await expect(page.getByTestId('save-status')).toHaveText('All changes saved', { timeout: 20_000 })
  await page.reload()
  await expect(page.getByTestId('scene-narration').first().getByTestId('narration-current')).toBeVisible(NAVIGATION)
  await expect(page.getByTestId('scene-narration').first().getByTestId('scene-narration-audio')).toHaveAttribute('src', /\/narration\/[0-9a-f]{64}\.wav/)

  // narrate the rest with progress
  const all = page.getByTestId('narrate-all')
  if (await all.isEnabled()) {
    await all.click()
    await expect(toast(page, /^\d+ scenes? narrated/)).toBeVisible({ timeout: 120_000 })
    await expect(all).toHaveText(/All narrated/)
  }
})

test('Redraft scripts, pressed after typing: keeps the person’s script, their caption and the other scenes’ drafts', async ({ browser }) => {
  await seedDemoListing(standInUrl, CLI_SERVICE_ROLE_KEY)
  const page = await signedIn(browser, DEMO.member)
  await page.goto(`/dashboard/${HARBOUR}/props/${DEMO_LISTING_ID}/create-video`)
  await expect(page.getByRole('heading', { name: 'Create a video' })).toBeVisible(NAVIGATION)
  await page.getByLabel('Video title').fill(`Redrafted tour ${Date.now()}`)
  await page.getByRole('button', { name: 'Create video' }).click()
  await expect(page).toHaveURL(EDITOR_URL, CREATED)
  const drafted = await page.getByLabel('Narration script for scene 3').inputValue()
  expect(drafted.length).toBeGreaterThan(10)

  // the person's own script in scene 2, then a caption typed in scene 1, whose keystrokes the
  // memoised narration section skips (the button reads the document when pressed): nothing is lost
  const mine = 'Morning light fills every room of this home.'
  await page.getByLabel('Narration script for scene 2').fill(mine)
  await page.getByLabel('Caption for scene 1').fill('')
  await page.getByLabel('Caption for scene 1').pressSequentially('Harbour light')
  await page.getByTestId('redraft-scripts').click()
  const dialog = page.getByRole('dialog', { name: 'Redraft the narration?' })
  await expect(dialog).toContainText('You have edited the script of 1 scene.')
  await dialog.getByTestId('redraft-keep-edits').click()
  await expect(toast(page, /^(Redrafted \d+ scenes?|The scripts already match the listing)/)).toBeVisible(SPEECH)
  await expect(page.getByLabel('Narration script for scene 2')).toHaveValue(mine)
  await expect(page.getByLabel('Caption for scene 1')).toHaveValue('Harbour light')
  await expect(page.getByLabel('Narration script for scene 3')).not.toHaveValue('')
  await expect(page.getByTestId('save-status')).toHaveText('All changes saved', { timeout: 20_000 })
})

test('an administrator generates a Flite voice’s sample', async ({ browser }) => {
  test.setTimeout(120_000)
  const admin = await signedIn(browser, DEMO.admin)
  await admin.goto('/admin/dev/voices')
  const name = 'Kal (telephone quality)'
  await admin.getByRole('button', { name: `Sample of ${name}` }).click()
  const dialog = admin.getByRole('dialog', { name: `Sample of ${name}` })
  await expect(dialog.getByTestId('no-voice-provider')).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Generate sample' }).click()
  await expect(toast(admin, new RegExp(`^${name.replace(/[()]/g, '\\$&')} has a new sample \\(\\d+\\.\\d s\\)`))).toBeVisible(SPEECH)
  await expect(dialog.locator('audio')).toHaveAttribute('src', /\/storage\/v1\/object\/public\/voices\/samples\/.+\/sample\.wav$/)
})
