import { execFileSync } from 'node:child_process'
import { defineConfig, devices } from '@playwright/test'
import { appUrl } from './tests/e2e/env'

/** The system Chromium (never a downloaded one): scripts/ensure-chromium.sh finds or installs it. */
function chromiumPath(): string {
  return execFileSync('bash', ['scripts/ensure-chromium.sh'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim()
}

export default defineConfig({
  testDir: './tests/e2e',
  testMatch: /.*\.spec\.ts/,
  // one stand-in (one PGlite connection) serves every worker; two suits our two cores
  workers: 2,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  // a test signs people up, narrates and renders on a 2-core box shared with Next, the stand-in and the worker
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL: appUrl,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumPath() },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'npx tsx tests/e2e/server.ts',
    url: `${appUrl}/privacy`,
    // a production build takes a minute or two on two shared cores
    timeout: 420_000,
    reuseExistingServer: process.env.E2E_REUSE === '1',
    stdout: 'pipe',
    stderr: 'pipe',
  },
})
