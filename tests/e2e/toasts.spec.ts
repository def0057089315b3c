import { expect, test } from '@playwright/test'
import { DEMO } from './env'

// Wrong sign-ins are the cheapest way to raise real toasts: each is a loading toast that turns
// into an error toast, as every form in the app does.
async function failSignIn(page: import('@playwright/test').Page, count = 1) {
  await page.getByLabel('Email').fill(DEMO.member)
  for (let i = 0; i < count; i++) {
    const before = await page.locator('[data-sonner-toast][data-type="error"]').count()
    await page.getByLabel('Password', { exact: true }).fill(`wrong-password-${i}`)
    // Enter keeps the mouse where it is (see the hover below)
    await page.getByLabel('Password', { exact: true }).press('Enter')
    await expect(page.locator('[data-sonner-toast][data-type="error"]')).toHaveCount(before + 1)
  }
}

test.describe('toasts', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('render bottom-right, 356 px wide, 14 px apart, at most 3 at once', async ({ page }) => {
    await page.goto('/auth/login')
    await failSignIn(page)
    // hovering the stack pauses sonner's timers, so four toasts can be alive at once
    await page.locator('[data-sonner-toast]').first().hover()
    await failSignIn(page, 3)

    const toaster = page.locator('[data-sonner-toaster]')
    await expect(toaster).toHaveAttribute('data-y-position', 'bottom')
    await expect(toaster).toHaveAttribute('data-x-position', 'right')

    const toasts = page.locator('[data-sonner-toast]')
    await expect(toasts.first()).toHaveAttribute('data-type', 'error')
    await expect(page.locator('[data-sonner-toast][data-visible="true"]')).toHaveCount(3)
    await expect(toasts).toHaveCount(4)

    const box = (await toasts.first().boundingBox())!
    expect(box.width).toBe(356)
    const viewport = page.viewportSize()!
    expect(viewport.width - (box.x + box.width)).toBeLessThan(48)
    expect(viewport.height - (box.y + box.height)).toBeLessThan(48)

    // expanded on hover, the stack shows the real gap between toasts
    await expect(toasts.first()).toHaveAttribute('data-expanded', 'true')
    await page.waitForTimeout(500)
    const boxes = []
    for (let i = 0; i < 2; i++) boxes.push((await toasts.nth(i).boundingBox())!)
    expect(Math.round(boxes[0].y - (boxes[1].y + boxes[1].height))).toBe(14)
  })

  test('a toast stays about 4 seconds', async ({ page }) => {
    await page.goto('/auth/login')
    // timed in the page (when the toast is added and removed), not by how quickly the test sees it:
    // on a busy box the test's own polling lags by seconds
    await page.evaluate(() => {
      const seen: { shown?: number; gone?: number } = {}
      ;(window as unknown as { toastLife: typeof seen }).toastLife = seen
      new MutationObserver(() => {
        const here = document.querySelector('[data-sonner-toast][data-type="error"]')
        if (here && seen.shown === undefined) seen.shown = performance.now()
        if (!here && seen.shown !== undefined && seen.gone === undefined) seen.gone = performance.now()
      }).observe(document.body, { childList: true, subtree: true })
    })
    await failSignIn(page)
    const toast = page.locator('[data-sonner-toast][data-type="error"]')
    await expect(toast).toHaveCount(1)
    await expect(toast).toHaveCount(0, { timeout: 10_000 })
    const life = await page.evaluate(() => {
      const { shown, gone } = (window as unknown as { toastLife: { shown: number; gone: number } }).toastLife
      return gone - shown
    })
    // 4 s on screen, then its exit animation
    expect(life).toBeGreaterThan(3_500)
    expect(life).toBeLessThan(6_000)
  })
})
