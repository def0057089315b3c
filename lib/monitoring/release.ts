import { execFileSync } from 'node:child_process'

/**
 * The release name events are tagged with: SENTRY_RELEASE when set, else the checked-out git commit
 * (read locally, no network), else none. next.config.ts stamps it into the build; the render worker,
 * which runs from the source tree, asks at start.
 */
export function releaseName(env: Record<string, string | undefined> = process.env): string | undefined {
  const configured = env.SENTRY_RELEASE?.trim()
  if (configured) return configured
  try {
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'], timeout: 5_000 }).toString().trim()
    return /^[0-9a-f]{40}$/.test(commit) ? commit : undefined
  } catch {
    return undefined
  }
}
