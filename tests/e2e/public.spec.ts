import { AxeBuilder } from '@axe-core/playwright'
import { expect, test } from '@playwright/test'

// Issue 13: the public face. The landing's sample video is the real Player, loaded only when asked;
// the public pages pass an automated accessibility check.

test('the landing page shows the sample video in the real Player once asked, and not before', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Sample listing video' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Watch a sample video' }).click()
  const player = page.getByRole('region', { name: 'Sample listing video' })
  await expect(player).toBeVisible({ timeout: 20_000 })
  // it plays: the time moves
  await expect.poll(() => player.getByRole('slider', { name: 'Seek' }).inputValue(), { timeout: 20_000 }).not.toBe('0')
})

test('the public pages pass an automated accessibility check (axe, WCAG 2.1 A and AA)', async ({ page }) => {
  for (const path of ['/', '/showcase', '/showcase?format=portrait', '/privacy', '/terms']) {
    await page.goto(path)
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
    expect(violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`), path).toEqual([])
  }
})
