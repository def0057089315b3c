import 'server-only'
import { listCreditLedger } from '@/lib/credits/queries'
import { CREDIT_REASON_LABELS, formatCredits } from '@/lib/credits/labels'
import { listMembers } from '@/lib/teams/queries'

export type ActivityItem = {
  id: string
  at: string
  kind: 'credits-in' | 'credits-out' | 'member'
  title: string
  detail: string | null
}

/**
 * What happened lately in a team, from the tables that exist today (credits and membership).
 * Videos and render runs join this feed when their tables arrive.
 */
export async function recentActivity(teamId: string, limit = 8): Promise<ActivityItem[]> {
  const [ledger, members] = await Promise.all([listCreditLedger(teamId, limit), listMembers(teamId)])
  const credits: ActivityItem[] = ledger.map((entry) => ({
    id: `ledger-${entry.id}`,
    at: entry.createdAt,
    kind: entry.delta > 0 ? 'credits-in' : 'credits-out',
    title: `${CREDIT_REASON_LABELS[entry.reason]}: ${entry.delta > 0 ? '+' : '−'}${formatCredits(Math.abs(entry.delta))}`,
    detail: entry.note && entry.note !== CREDIT_REASON_LABELS[entry.reason] ? entry.note : null,
  }))
  const joined: ActivityItem[] = members.map((m) => ({
    id: `member-${m.userId}`,
    at: m.joinedAt,
    kind: 'member',
    title: `${m.fullName || m.email || 'A teammate'} joined as ${m.role}`,
    detail: null,
  }))
  return [...credits, ...joined].sort((a, b) => b.at.localeCompare(a.at)).slice(0, limit)
}
