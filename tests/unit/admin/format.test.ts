import { describe, expect, it } from 'vitest'
import { describeAudit, formatAgo } from '@/components/admin/format'
import type { AuditEntry } from '@/lib/admin/queries'
import { banHours, grantCreditsSchema, isBannedNow, userListFilterSchema } from '@/lib/admin/schema'

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0)
const ago = (ms: number) => new Date(NOW - ms).toISOString()

function entry(action: string, details: Record<string, unknown> = {}): AuditEntry {
  return {
    id: 1,
    action,
    created_at: ago(0),
    details,
    target_user_id: 'd0000000-0000-4000-8000-000000000002',
    target_team_id: null,
    actor: { id: 'd0000000-0000-4000-8000-000000000003', full_name: 'Ada Admin', email: 'admin@demo.test' },
    target: { id: 'd0000000-0000-4000-8000-000000000002', full_name: 'Marcus Member', email: 'member@demo.test' },
    team: { id: 'd0000000-0000-4000-8000-0000000000a1', name: 'Harbour Realty' },
  }
}

describe('admin formatting', () => {
  it('says how long ago, or how long until, in words', () => {
    expect(formatAgo(ago(20_000), NOW)).toBe('just now')
    expect(formatAgo(ago(5 * 60_000), NOW)).toBe('5 min ago')
    expect(formatAgo(ago(3 * 3_600_000), NOW)).toBe('3 h ago')
    expect(formatAgo(ago(86_400_000), NOW)).toBe('1 day ago')
    expect(formatAgo(ago(-7 * 86_400_000), NOW)).toBe('in 7 days')
    expect(formatAgo(ago(40 * 86_400_000), NOW)).toBe('16 Oct 2026')
  })

  it('writes audit entries as sentences', () => {
    expect(describeAudit(entry('credits.grant', { amount: 25 }))).toBe('granted 25 credits to Harbour Realty (from Marcus Member’s page)')
    expect(describeAudit(entry('user.ban', { hours: 168 }))).toBe('banned Marcus Member for 7 days')
    expect(describeAudit(entry('user.ban', { hours: 876000 }))).toBe('banned Marcus Member until the ban is lifted')
    expect(describeAudit(entry('user.remove_admin'))).toBe('removed Marcus Member’s administrator rights')
    expect(describeAudit(entry('coupon.create'))).toBe('created the coupon with no code')
  })

  // Issue 26, item 10: the audit list named no coupon ("create (coupon)")
  it('names the coupon and the voice an entry is about', () => {
    expect(describeAudit(entry('coupon.create', { code: 'SPRING25', credits: 25, max_redemptions: 100 }))).toBe('created the coupon “SPRING25” for 25 credits, up to 100 teams')
    expect(describeAudit(entry('coupon.create', { code: 'ONE', credits: 1, max_redemptions: 1 }))).toBe('created the coupon “ONE” for 1 credit, up to 1 team')
    expect(describeAudit(entry('coupon.create', { code: 'OPEN', credits: 5, max_redemptions: null }))).toBe('created the coupon “OPEN” for 5 credits')
    expect(describeAudit(entry('coupon.deactivate', { code: 'SPRING25' }))).toBe('turned off the coupon “SPRING25”')
    expect(describeAudit(entry('coupon.reactivate', { code: 'SPRING25' }))).toBe('turned the coupon “SPRING25” back on')
    expect(describeAudit(entry('voice.delete', { name: 'Olivia' }))).toBe('deleted the voice “Olivia”')
    expect(describeAudit(entry('voice.move', { name: 'Olivia', direction: 'up' }))).toBe('moved the voice “Olivia” up')
    expect(describeAudit(entry('credits.grant', { amount: 1 }))).toBe('granted 1 credit to Harbour Realty (from Marcus Member’s page)')
    expect(describeAudit(entry('user.ban', { hours: 1 }))).toBe('banned Marcus Member for 1 hour')
  })
})

describe('admin schemas', () => {
  it('never fails on URL parameters: bad values fall back to the defaults', () => {
    expect(userListFilterSchema.parse({ q: '  ann\u0000a ', filter: 'everyone', sort: 'id desc', page: '-3' })).toEqual({
      q: 'anna',
      filter: 'accounts',
      sort: 'newest',
      page: 1,
      perPage: 50,
    })
  })

  it('wants a note and 1 to 10,000 whole credits', () => {
    const base = { userId: 'd0000000-0000-4000-8000-000000000002', teamId: 'd0000000-0000-4000-8000-0000000000a1' }
    expect(grantCreditsSchema.safeParse({ ...base, amount: '12', note: ' Thanks ' }).data).toMatchObject({ amount: 12, note: 'Thanks' })
    expect(grantCreditsSchema.safeParse({ ...base, amount: '2.5', note: 'x' }).success).toBe(false)
    expect(grantCreditsSchema.safeParse({ ...base, amount: '10001', note: 'x' }).success).toBe(false)
    expect(grantCreditsSchema.safeParse({ ...base, amount: '5', note: '   ' }).success).toBe(false)
    expect(grantCreditsSchema.safeParse({ ...base, teamId: '', amount: '5', note: 'x' }).error?.issues[0].message).toBe('Choose one of their teams.')
  })

  it('knows a ban in force from one that ended, and the hours of each choice', () => {
    expect(isBannedNow(ago(-60_000), NOW)).toBe(true)
    expect(isBannedNow(ago(60_000), NOW)).toBe(false)
    expect(isBannedNow(null, NOW)).toBe(false)
    expect([banHours('24h'), banHours('7d'), banHours('30d'), banHours('permanent')]).toEqual([24, 168, 720, 876000])
  })
})
