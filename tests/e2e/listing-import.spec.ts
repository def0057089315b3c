import { readFileSync } from 'node:fs'
import path from 'node:path'
import { AxeBuilder } from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { listingPagesUrl } from './env'
import { ownerWithTeam } from './helpers'

/*
 * Issue 29: an agent pastes a listing page's address and the form fills with what the page says;
 * its photos arrive one by one (fetched by the server from the fixture pages server the e2e stack
 * runs, tests/helpers/listing-pages-server.ts); nothing is saved until they save; the saved listing
 * makes a video of those photos. The same field starts the try flow's property step.
 */

test.describe.configure({ timeout: 240_000 })

const FIXTURES = path.resolve(import.meta.dirname, '..', 'fixtures', 'listing-pages')
const expected = (name: string) =>
  (JSON.parse(readFileSync(path.join(FIXTURES, `${name}.expected.json`), 'utf8')) as { fields: Record<string, unknown> & { photos: unknown[] } }).fields

const TEAM_PAGE = 'us-house-json-ld'
const TRIAL_PAGE = 'au-house-open-graph'

async function readPage(page: Page, name: string) {
  await page.getByLabel('Listing page address').fill(`${listingPagesUrl}/${name}.html`)
  await page.getByRole('button', { name: 'Read the page' }).click()
  await expect(page.getByTestId('import-summary')).toBeVisible({ timeout: 30_000 })
}

test('a listing registered from its page: facts filled, photos fetched, saved, made into a video', async ({ browser }) => {
  const facts = expected(TEAM_PAGE)
  const { context, page, teamId } = await ownerWithTeam(browser)
  await page.goto(`/dashboard/${teamId}/props/register`)
  await expect(page.getByRole('heading', { name: 'Register a property' })).toBeVisible({ timeout: 30_000 })

  // a bad address is refused in the browser, before anything is sent
  await page.getByLabel('Listing page address').fill('ftp://example.com/listing')
  await page.getByRole('button', { name: 'Read the page' }).click()
  await expect(page.getByText('Paste a web address that starts with http:// or https://.')).toBeVisible()
  // an address the server may not fetch is refused in the person's words
  await page.getByLabel('Listing page address').fill('http://169.254.169.254/latest/meta-data/')
  await page.getByRole('button', { name: 'Read the page' }).click()
  await expect(page.getByRole('alert').filter({ hasText: /not a public/i })).toBeVisible({ timeout: 30_000 })

  await readPage(page, TEAM_PAGE)
  await expect(page.getByLabel('Title')).toHaveValue(String(facts.title))
  await expect(page.getByLabel('Street address')).toHaveValue(String(facts.addressLine))
  await expect(page.getByLabel('City')).toHaveValue(String(facts.city))
  await expect(page.getByLabel('Price (optional)')).toHaveValue(String(facts.price))
  await expect(page.getByLabel('Bedrooms')).toHaveValue(String(facts.bedrooms))
  const photos = Math.min(facts.photos.length, 40)
  await expect(page.getByTestId('upload-tile')).toHaveCount(photos)
  // each photo shows its own state while the server fetches them, then the page-wide bar goes
  await expect(page.getByTestId('import-photos-progress')).toHaveCount(0, { timeout: 90_000 })
  await expect(page.getByTestId('upload-tile').filter({ hasText: 'Ready' })).toHaveCount(photos)
  await page.screenshot({ path: 'scratch/screens/listing-import-filled.png', fullPage: true })
  // the filled form, its summary and the photo tiles pass the automated accessibility check (once the
  // toast has gone: axe would read it mid-animation, half transparent; toasts.spec checks toasts)
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 20_000 })
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  expect(violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)).toEqual([])

  await page.getByRole('button', { name: 'Save as active' }).click()
  await expect(page).toHaveURL(/\/props\/[0-9a-f-]{36}$/, { timeout: 120_000 })
  await expect(page.getByRole('heading', { name: String(facts.title) })).toBeVisible()
  const listingUrl = page.url()

  await page.goto(`${listingUrl}/create-video`)
  await expect(page.getByRole('heading', { name: 'Create a video' })).toBeVisible({ timeout: 30_000 })
  await page.getByRole('button', { name: 'Create video' }).click()
  await expect(page).toHaveURL(/\/props\/[0-9a-f-]{36}\/([0-9a-f-]{36})\/edit$/, { timeout: 120_000 })
  // a scene per imported photo, in the page's order, captioned with the page's words for it
  const captions = page.getByTestId('scene-caption')
  await expect(captions).toHaveCount(photos, { timeout: 30_000 })
  const first = (facts.photos[0] as { caption: string | null }).caption
  if (first) await expect(captions.first()).toHaveValue(first)
  await page.screenshot({ path: 'scratch/screens/listing-import-editor.png', fullPage: true })
  await context.close()
})

test('the try flow’s property step starts from a listing page', async ({ page }) => {
  const facts = expected(TRIAL_PAGE)
  await page.goto('/try/intro')
  await page.getByRole('button', { name: 'Start my trial' }).click()
  await expect(page).toHaveURL(/\/try\/property$/, { timeout: 60_000 })
  await readPage(page, TRIAL_PAGE)
  await expect(page.getByLabel('City')).toHaveValue(String(facts.city))
  const photos = Math.min(facts.photos.length, 10)
  await expect(page.getByText(/^Uploaded/)).toHaveCount(photos, { timeout: 120_000 })
  // the filled facts and the stored photos survive a reload, as typed ones do
  await page.reload()
  await expect(page.getByLabel('City')).toHaveValue(String(facts.city))
  await expect(page.getByText(/^Uploaded/)).toHaveCount(photos)
  await page.getByRole('button', { name: 'Next: the video' }).click()
  await expect(page).toHaveURL(/\/try\/video$/, { timeout: 20_000 })
})
