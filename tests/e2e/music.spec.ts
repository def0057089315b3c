import { expect, test, type Page } from '@playwright/test'
import { DEMO_LISTING_ID, seedDemoListing } from '../../scripts/demo-listing'
import { CLI_SERVICE_ROLE_KEY } from '../../supabase/local/config'
import { DEMO, DEMO_PASSWORD, standInUrl } from './env'
import { signIn } from './helpers'

// creating a video speaks its scenes before the editor opens (narrated by default, issue 25): allow for it
const CREATED = { timeout: 120_000 }
test.describe.configure({ timeout: 240_000 })

/*
 * The editor's music picker (docs/music.md): a member picks a shipped track by mood, hears one alone,
 * moves between tracks with the arrow keys, and the Player plays the video with the music (it would
 * stay Buffering if the file could not load); the choice and its levels are saved.
 */

const NAVIGATION = { timeout: 30_000 }
const HARBOUR = 'd0000000-0000-4000-8000-0000000000a1'
const EDITOR_URL = /\/props\/[0-9a-f-]{36}\/([0-9a-f-]{36})\/edit$/
const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text })

test('a member picks shipped music by mood, previews it, and the video plays and saves with it', async ({ browser }) => {
  test.setTimeout(180_000)
  await seedDemoListing(standInUrl, CLI_SERVICE_ROLE_KEY)
  const page = await (await browser.newContext()).newPage()
  await signIn(page, DEMO.member, DEMO_PASSWORD)
  await page.waitForURL((url) => url.pathname.startsWith('/dashboard'), NAVIGATION)
  await page.goto(`/dashboard/${HARBOUR}/props/${DEMO_LISTING_ID}/create-video`)
  await page.getByLabel('Video title').fill(`Music tour ${Date.now()}`)
  await page.getByRole('button', { name: 'Create video' }).click()
  await expect(page).toHaveURL(EDITOR_URL, CREATED)

  const section = page.locator('section#music')
  // narrated by default (issue 25): a new Classic Tour starts with its warm acoustic track, and "No music" is one click away
  await expect(section.getByRole('radio', { name: /Front Porch/ })).toBeChecked(NAVIGATION)
  await expect(section.getByRole('radio', { name: 'No music' })).not.toBeChecked()
  for (const mood of ['Calm and elegant', 'Upbeat and bright', 'Modern electronic', 'Warm acoustic']) {
    await expect(section.getByRole('list', { name: mood }).getByRole('radio')).toHaveCount(2)
  }

  // listen to one alone: the button turns into Stop while it plays
  await section.getByRole('button', { name: 'Listen to Morning Light' }).click()
  await expect(section.getByRole('button', { name: 'Stop Morning Light' })).toHaveAttribute('aria-pressed', 'true', NAVIGATION)
  await section.getByRole('button', { name: 'Stop Morning Light' }).click()
  await expect(section.getByRole('button', { name: 'Listen to Morning Light' })).toBeVisible()

  await section.getByRole('radio', { name: /Skyline/ }).check()
  await expect(toast(page, 'Music: Skyline')).toBeVisible()
  await expect(section.getByRole('slider', { name: 'Volume' })).toHaveValue('0.6')
  await expect(section.getByRole('slider', { name: 'Under narration' })).toHaveValue('0.15')
  // one radio group: the arrow keys move to the next track
  await section.getByRole('radio', { name: /Skyline/ }).press('ArrowDown')
  await expect(section.getByRole('radio', { name: /Glass and Steel/ })).toBeChecked()

  const player = page.getByTestId('video-player')
  await player.getByTestId('player-toggle').click()
  await expect(player.getByTestId('player-state')).toHaveText('Playing', NAVIGATION)
  await player.getByTestId('player-toggle').click()

  await expect(page.getByTestId('save-status')).toHaveText('All changes saved', NAVIGATION)
  await page.reload()
  await expect(page.locator('section#music').getByRole('radio', { name: /Glass and Steel/ })).toBeChecked(NAVIGATION)
  const response = await page.request.get('/music/glass-and-steel.m4a')
  expect(response.ok()).toBe(true)
  expect(response.headers()['content-type']).toMatch(/audio\/(mp4|x-m4a)/)
})
