import { errors } from './errors.ts'

const UNIT_MS: Record<string, number> = {
  ns: 1e-6, us: 1e-3, 'µs': 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000,
}

/**
 * `ban_duration` is a Go duration ("24h", "1h30m", "876000h") or "none" to lift the ban; the
 * result is the new banned_until (null: not banned).
 */
export function bannedUntilFrom(duration: string, now = Date.now()): Date | null {
  if (duration === 'none') return null
  const re = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g
  if (!/^(\d+(?:\.\d+)?(ns|us|µs|ms|s|m|h))+$/.test(duration)) {
    throw errors.validation('invalid format for ban duration: ' + duration)
  }
  let ms = 0
  for (const m of duration.matchAll(re)) ms += Number(m[1]) * UNIT_MS[m[2]]
  return new Date(now + ms)
}
