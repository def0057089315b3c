import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { createClient } from '@supabase/supabase-js'
import { MIX_TARGET_LUFS, MIX_TOLERANCE_LU, MIX_TRUE_PEAK_DBTP } from '../../lib/audio/targets'
import { serverRealtimeOptions } from '../../lib/supabase/realtime-transport'
import { timelineFor } from '../../remotion/catalog'
import { narrationOffsetFrames, segmentStarts } from '../../remotion/duration'
import type { VideoProps } from '../../remotion/schema'
import { decode, loudness, rmsBetween } from '../../scripts/music/measure'
import { CLI_SERVICE_ROLE_KEY } from '../../supabase/local/config'
import { standInUrl } from './env'
import { finishSignUp } from './helpers'

/*
 * Issue 25, "narrated by default": a new team registers a listing, creates a video changing nothing
 * (the default voice, music and captions), renders it and downloads the MP4 — and the MP4 speaks.
 * Measured on the file: its mean volume (RMS, what ffmpeg's volumedetect calls mean_volume) far above
 * silence (−91 dB), the first scene's narration window as loud as the music alone at full volume
 * before it (music ducked under narration is 12 dB lower: only the voice makes up the level), and
 * the integrated loudness within MIX_TOLERANCE_LU of MIX_TARGET_LUFS and the true peak under the ceiling.
 *
 * The e2e worker renders only the first RENDER_MAX_FRAMES frames; the voice starts after the title
 * card (≈ 4.5 s): the stack renders 330 frames (11 s at 30 fps) by default.
 */

const MAX_FRAMES = Number(process.env.E2E_RENDER_MAX_FRAMES ?? 330)
const PASSWORD = 'narrated-default-9'
const SAMPLES = path.resolve(import.meta.dirname, '..', '..', 'public', 'remotion', 'samples')
const PHOTOS = [
  ['exterior-dusk', 'Modern living at dusk'],
  ['kitchen', "Chef's kitchen"],
  ['bedroom', 'Calm primary suite'],
] as const

async function newOwnerWithListing(page: Page): Promise<{ teamId: string }> {
  await page.goto('/auth/signup?next=%2Fdashboard')
  await page.getByLabel('Full name').fill('Nina Narrated')
  const email = `narrated.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 7)}@example.test`
  await page.getByLabel('Work email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Create account' }).click()
  await finishSignUp(page, email)
  await expect(page).toHaveURL(/\/dashboard\/create/, { timeout: 30_000 })
  await page.getByLabel('Team name').fill('Narrated Homes')
  await page.getByRole('button', { name: 'Create team' }).click()
  await expect(page).toHaveURL(/\/dashboard\/[0-9a-f-]{36}$/, { timeout: 30_000 })
  const teamId = page.url().split('/').pop()!

  await page.goto(`/dashboard/${teamId}/props/register`)
  await page.getByLabel('Title').fill('Harbour cottage')
  await page.getByLabel('Street address').fill('12 Quay Lane')
  await page.getByLabel('City').fill('Falmouth')
  await page.getByLabel('Country').fill('GB')
  await page.getByLabel('Currency').fill('GBP')
  await page.getByLabel('Price (optional)').fill('425000')
  await page.getByLabel('Bedrooms').fill('3')
  await page.getByLabel('Bathrooms').fill('2')
  const files = await Promise.all(PHOTOS.map(async ([name]) => ({ name: `${name}.jpg`, mimeType: 'image/jpeg', buffer: await readFile(path.join(SAMPLES, `${name}.jpg`)) })))
  await page.getByLabel('Photos', { exact: true }).setInputFiles(files)
  await expect(page.getByTestId('upload-tile')).toHaveCount(PHOTOS.length)
  for (const [name, caption] of PHOTOS) await page.getByLabel(`Caption for ${name}.jpg`).fill(caption)
  await page.getByRole('button', { name: 'Save as active' }).click()
  await expect(page).toHaveURL(/\/props\/[0-9a-f-]{36}$/, { timeout: 60_000 })
  return { teamId }
}

test('a new listing, a video with every default, Render, download: the MP4 speaks', async ({ page }) => {
  test.skip(MAX_FRAMES < 300, 'needs the e2e worker to render past the title card: E2E_RENDER_MAX_FRAMES=330')
  test.setTimeout(300_000)
  await newOwnerWithListing(page)

  // the listing's empty Videos section → the create page, changing nothing
  await page.getByRole('link', { name: 'Create video' }).first().click()
  await expect(page.getByRole('heading', { name: 'Create a video' })).toBeVisible({ timeout: 30_000 })
  const voice = page.getByLabel('Narration voice')
  await expect(voice).not.toHaveValue('')
  await expect(voice.locator('option:checked')).toHaveText(/^Sarah — /)
  await expect(page.getByLabel('Music').locator('option:checked')).toHaveText('Front Porch')
  await expect(page.getByText('No audio in the library yet')).toHaveCount(0)
  await page.getByRole('button', { name: 'Create video' }).click()
  // spoken on the server before the editor opens, with its progress shown
  await expect(page.getByTestId('create-narration-progress')).toBeVisible()
  await expect(page).toHaveURL(/\/edit$/, { timeout: 120_000 })
  await expect(page.getByTestId('narration-current')).toHaveCount(PHOTOS.length, { timeout: 30_000 })

  // the video page: Render with the defaults
  await page.goto(page.url().replace(/\/edit$/, ''))
  const card = page.getByTestId('render-card')
  await expect(card.getByTestId('render-unspoken')).toHaveCount(0)
  await card.getByRole('button', { name: 'Render video' }).click()
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Your video is ready' })).toBeVisible({ timeout: 200_000 })
  const href = await card.getByTestId('render-result').getByRole('link', { name: /Download/ }).getAttribute('href')
  const download = await page.request.get(href!)
  expect(download.status()).toBe(200)

  const dir = await mkdtemp(path.join(tmpdir(), 'narrated-'))
  try {
    const file = path.join(dir, 'video.mp4')
    await writeFile(file, await download.body())
    // the run's snapshot: what was rendered (every scene narrated with the chosen voice)
    const videoId = page.url().split('/').pop()!
    const service = createClient(standInUrl, CLI_SERVICE_ROLE_KEY, { auth: { persistSession: false }, realtime: serverRealtimeOptions })
    const run = await service.from('render_runs').select('props').eq('video_id', videoId).eq('status', 'succeeded').single()
    const props = run.data!.props as unknown as VideoProps
    expect(props.scenes.every((s) => s.narration?.src)).toBe(true)
    expect(props.music?.src).toBe('/music/front-porch.m4a')

    const channels = await decode(file)
    const seconds = channels[0].length / 44100
    const meanVolume = rmsBetween(channels, 44100, 0, seconds)
    const timeline = timelineFor('classic-tour', props)
    const fps = timeline.fps
    const voiceFrom = (segmentStarts(timeline)[1] + narrationOffsetFrames(timeline)) / fps
    const voiceTo = Math.min(seconds, voiceFrom + props.scenes[0].narration!.seconds)
    const voiced = rmsBetween(channels, 44100, voiceFrom + 0.3, voiceTo - 0.1)
    const musicAlone = rmsBetween(channels, 44100, 1.5, voiceFrom - 0.6)
    const measured = await loudness(file)
    console.log(
      `[narrated-default] ${seconds.toFixed(2)} s rendered: mean volume ${meanVolume.toFixed(1)} dB; first narration ${voiceFrom.toFixed(2)}–${voiceTo.toFixed(2)} s ` +
        `${voiced.toFixed(1)} dB against music alone ${musicAlone.toFixed(1)} dB; integrated ${measured.integratedLufs.toFixed(1)} LUFS ` +
        `(target ${MIX_TARGET_LUFS}), true peak ${measured.truePeakDbtp.toFixed(1)} dBTP`,
    )
    expect(meanVolume).toBeGreaterThan(-50)
    expect(voiceTo - voiceFrom).toBeGreaterThan(1)
    // ducked music alone would sit 12 dB under the music before it; the voice brings it back up
    expect(voiced).toBeGreaterThan(musicAlone - 4)
    // the mix is mastered to one target whatever the voice and music (lib/audio/targets.ts)
    expect(Math.abs(measured.integratedLufs - MIX_TARGET_LUFS)).toBeLessThanOrEqual(MIX_TOLERANCE_LU)
    expect(measured.truePeakDbtp).toBeLessThanOrEqual(MIX_TRUE_PEAK_DBTP)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
})
