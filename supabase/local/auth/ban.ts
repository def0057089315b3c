import { errors } from './errors.ts'

const UNIT_MS: Record<string, number> = {
  ns: 1e-6, us: 1e-3, 'µs': 1e-3, 'μs': 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000,
}

const PART = /(\d+\.?\d*|\.\d+)(ns|us|µs|μs|ms|s|m|h)/g
const WHOLE = /^[-+]?((\d+\.?\d*|\.\d+)(ns|us|µs|μs|ms|s|m|h))+$/

/**
 * `ban_duration` as GoTrue reads it (time.ParseDuration): "24h", "1h30m", "876000h", a sign, "0";
 * "none" lifts the ban. The result is the new banned_until: null when not banned (none, or a zero
 * duration, which GoTrue's User.Ban also turns into no ban).
 */
export function bannedUntilFrom(duration: string, now = Date.now()): Date | null {
  if (duration === 'none') return null
  const unsigned = duration.replace(/^[-+]/, '')
  if (unsigned !== '0' && !WHOLE.test(duration)) {
    throw errors.validation(`invalid format for ban duration: time: invalid duration "${duration}"`)
  }
  let ms = 0
  for (const m of unsigned.matchAll(PART)) ms += Number(m[1]) * UNIT_MS[m[2]]
  if (duration.startsWith('-')) ms = -ms
  return ms === 0 ? null : new Date(now + ms)
}
