import { expect, test, type Page } from '@playwright/test'
import { DEMO_LISTING_ID, DEMO_TEAM_ID, seedDemoListing } from '../../scripts/demo-listing'
import { CLI_SERVICE_ROLE_KEY } from '../../supabase/local/config'
import { DEMO, DEMO_PASSWORD, standInUrl } from './env'
import { signIn } from './helpers'

// creating a video speaks its scenes before the editor opens (narrated by default, issue 25): allow for it
const CREATED = { timeout: 120_000 }
test.describe.configure({ timeout: 240_000 })

/*
 * Captions and the unbranded cut (docs/narration.md): a member speaks scene 1 with a line that names
 * the agent, turns captions on in the editor, and finds the render card's "Unbranded cut" refusing
 * with where the agent is named; after speaking an agent-free line, renders the unbranded cut and
 * gets its badge. (The e2e worker renders only the first 3 s, before scene 1 speaks, so the SRT/VTT
 * files are checked by tests/integration/videos/captions-render.test.ts, which renders it all.)
 */

const NAVIGATION = { timeout: 30_000 }
const SPEECH = { timeout: 60_000 }
const EDITOR_URL = /\/props\/[0-9a-f-]{36}\/([0-9a-f-]{36})\/edit$/

async function speakScene1(page: Page, script: string) {
  await speakScene(page, 1, script)
}

async function speakScene(page: Page, n: number, script: string) {
  await page.getByLabel(`Narration script for scene ${n}`).fill(script)
  const row = page.getByTestId('scene-narration').nth(n - 1)
  // a scene spoken before offers to speak again once its script changed
  await row.getByRole('button', { name: new RegExp(`^Speak( again)?: scene ${n}$`) }).click()
  await expect(row.getByTestId('narration-current')).toHaveText(/^Narrated · \d+\.\d s$/, SPEECH)
  await expect(page.getByTestId('save-status')).toHaveText('All changes saved', { timeout: 20_000 })
}

test('captions on, the unbranded cut refused while the narration names the agent, then rendered with its badge', async ({ page }) => {
  // two speakings, two visits and a render that waits its turn behind other specs' renders
  test.setTimeout(480_000)
  await seedDemoListing(standInUrl, CLI_SERVICE_ROLE_KEY)
  await signIn(page, DEMO.member, DEMO_PASSWORD)
  await page.waitForURL((url) => url.pathname.startsWith('/dashboard'), NAVIGATION)
  await page.goto(`/dashboard/${DEMO_TEAM_ID}/props/${DEMO_LISTING_ID}/create-video`)
  await page.getByLabel('Video title').fill(`Captioned tour ${Date.now()}`)
  await page.getByLabel('Narration voice').selectOption({ label: (await page.getByLabel('Narration voice').locator('option').filter({ hasText: /^Sarah/ }).textContent())! })
  await page.getByRole('button', { name: 'Create video' }).click()
  await expect(page).toHaveURL(EDITOR_URL, CREATED)
  const editorUrl = page.url()

  await speakScene1(page, 'Welcome home. Call Maya Thompson to see it.')
  // captions: on (keyboard), phrases
  const captions = page.getByRole('switch', { name: 'Show captions' })
  await captions.focus()
  await page.keyboard.press('Space')
  await expect(captions).toBeChecked()
  await page.getByLabel('Caption style').selectOption('phrases')
  await expect(page.getByTestId('save-status')).toHaveText('All changes saved', { timeout: 20_000 })

  // the unbranded cut would still say the agent's name: refused with where, and the button waits
  await page.goto(editorUrl.replace(/\/edit$/, ''))
  const card = page.getByTestId('render-card')
  await card.getByRole('switch', { name: 'Unbranded cut' }).check()
  await expect(card.getByTestId('unbranded-leak')).toContainText("Scene 1's narration says “Maya Thompson”")
  await expect(card.getByRole('button', { name: 'Render video' })).toBeDisabled()

  // an agent-free line, spoken again: the unbranded cut renders
  await page.goto(editorUrl)
  await speakScene1(page, 'Welcome home. A bright kitchen and a garden.')
  // narrated by default: the drafted closing line names the agent too; every such scene is reworded
  const scripts = page.getByLabel(/^Narration script for scene \d+$/)
  for (let i = 1; i < (await scripts.count()); i++) {
    if ((await scripts.nth(i).inputValue()).includes('Maya Thompson')) await speakScene(page, i + 1, 'Arrange your viewing today.')
  }
  await page.goto(editorUrl.replace(/\/edit$/, ''))
  await card.getByRole('switch', { name: 'Unbranded cut' }).check()
  await expect(card.getByTestId('unbranded-leak')).toHaveCount(0)
  await card.getByRole('button', { name: 'Render video' }).click()
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Render queued' })).toBeVisible()
  const result = card.getByTestId('render-result')
  await expect(result).toBeVisible({ timeout: 300_000 })
  await expect(result.getByText('Unbranded', { exact: true })).toBeVisible()
  await expect(card.getByTestId('render-history').getByText('· Unbranded')).toBeVisible()
})
