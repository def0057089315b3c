import type { AuditEntry } from '@/lib/admin/queries'
import { plural } from '@/lib/plural'

/*
 * How the admin pages write dates, people, runs and audit entries. Dates are shown in UTC with the
 * zone named: administrators compare them with logs and the overview's days, which are UTC too.
 */

const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })
const dayTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC',
})

export function formatDay(iso: string): string {
  return day.format(new Date(iso))
}

export function formatDayTime(iso: string): string {
  return `${dayTime.format(new Date(iso))} UTC`
}

/** "3 min ago", "5 h ago", "2 days ago", "in 6 days", else the date. */
export function formatAgo(iso: string, now = Date.now()): string {
  const diff = Math.round((now - new Date(iso).getTime()) / 60_000)
  const minutes = Math.abs(diff)
  const say = (text: string) => (diff < 0 ? `in ${text}` : `${text} ago`)
  if (minutes < 1) return 'just now'
  if (minutes < 60) return say(`${minutes} min`)
  const hours = Math.round(minutes / 60)
  if (hours < 24) return say(`${hours} h`)
  const days = Math.round(hours / 24)
  if (days < 14) return say(plural(days, 'day'))
  return formatDay(iso)
}

export function personName(p: { full_name: string | null; email: string | null } | null | undefined, fallback = 'Someone'): string {
  if (!p) return fallback
  return p.full_name || p.email || 'Trial visitor'
}

export const RUN_STATUS: Record<string, { label: string; tone: 'neutral' | 'brand' | 'success' | 'warning' | 'danger' }> = {
  queued: { label: 'Queued', tone: 'neutral' },
  rendering: { label: 'Rendering', tone: 'brand' },
  encoding: { label: 'Encoding', tone: 'brand' },
  uploading: { label: 'Uploading', tone: 'brand' },
  succeeded: { label: 'Finished', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
  canceled: { label: 'Canceled', tone: 'warning' },
}

function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null
}

/** a code or name from an audit row, quoted; `missing` when the row has none */
function text(value: unknown, missing: string): string {
  return typeof value === 'string' && value ? `“${value}”` : missing
}

function hoursText(hours: number | null): string {
  if (hours === null) return ''
  if (hours >= 876_000) return ' until the ban is lifted'
  if (hours % 24 === 0) return ` for ${plural(hours / 24, 'day')}`
  return ` for ${plural(hours, 'hour')}`
}

/** One audit entry as a sentence without its actor ("granted 25 credits to Harbour Realty"). */
export function describeAudit(entry: AuditEntry): string {
  const who = personName(entry.target, 'a deleted user')
  const team = entry.team?.name ?? 'a deleted team'
  const d = entry.details
  switch (entry.action) {
    case 'credits.grant': {
      const amount = num(d.amount)
      return `granted ${amount !== null ? plural(amount, 'credit') : 'some credits'} to ${team}${entry.target_user_id ? ` (from ${who}’s page)` : ''}`
    }
    case 'user.make_admin':
      return `made ${who} an administrator`
    case 'user.remove_admin':
      return `removed ${who}’s administrator rights`
    case 'user.ban':
      return `banned ${who}${hoursText(num(d.hours))}`
    case 'user.unban':
      return `lifted ${who}’s ban`
    case 'user.second_factor_reset':
      return `reset ${who}’s two-step sign-in`
    case 'feedback.update':
      return `reviewed feedback from ${who}${typeof d.status_to === 'string' ? ` (now ${d.status_to})` : ''}`
    // coupons and voices are named by their code and name (the audit row keeps them even after a delete)
    case 'coupon.create': {
      const credits = num(d.credits)
      const limit = num(d.max_redemptions)
      return `created the coupon ${text(d.code, 'with no code')}${credits !== null ? ` for ${plural(credits, 'credit')}` : ''}${limit !== null ? `, up to ${plural(limit, 'team')}` : ''}`
    }
    case 'coupon.deactivate':
      return `turned off the coupon ${text(d.code, 'with no code')}`
    case 'coupon.reactivate':
      return `turned the coupon ${text(d.code, 'with no code')} back on`
    case 'voice.create':
      return `added the voice ${text(d.name, 'with no name')}`
    case 'voice.update':
      return `changed the voice ${text(d.name, 'with no name')}`
    case 'voice.activate':
      return `turned the voice ${text(d.name, 'with no name')} on`
    case 'voice.deactivate':
      return `turned the voice ${text(d.name, 'with no name')} off`
    case 'voice.move':
      return `moved the voice ${text(d.name, 'with no name')} ${d.direction === 'up' ? 'up' : 'down'}`
    case 'voice.sample_set':
      return `set the sample of the voice ${text(d.name, 'with no name')}`
    case 'voice.sample_remove':
      return `removed the sample of the voice ${text(d.name, 'with no name')}`
    case 'voice.delete':
      return `deleted the voice ${text(d.name, 'with no name')}`
    case 'showcase.approve':
    case 'showcase.decline': {
      const title = typeof d.title === 'string' && d.title ? `“${d.title}”` : 'a video'
      return `${entry.action === 'showcase.approve' ? 'approved' : 'declined'} ${title} from ${team} for the showcase`
    }
    default: {
      const [area, verb] = entry.action.split('.')
      return `${verb.replace(/_/g, ' ')} (${area})`
    }
  }
}

/** The note or code an entry carries, when it has one worth showing. */
export function auditNote(entry: AuditEntry): string | null {
  const note = entry.details.note
  return typeof note === 'string' && note ? note : null
}
