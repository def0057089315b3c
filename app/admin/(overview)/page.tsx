import Link from 'next/link'
import { Building2, Clapperboard, Film, Gauge, MessageSquare, TriangleAlert, Users, UsersRound } from 'lucide-react'
import { AuditList } from '@/components/admin/audit-list'
import { formatAgo, formatDayTime } from '@/components/admin/format'
import { RunList } from '@/components/admin/run-list'
import { StatCard } from '@/components/dashboard/stat-card'
import { Avatar } from '@/components/ui/avatar'
import { Card, CardHeader, CardTitle } from '@/components/ui/card'
import { PageHeader } from '@/components/ui/page-header'
import { getOverview, listAudit, listRecentRuns } from '@/lib/admin/queries'
import type { Db } from '@/lib/listings/refusal'
import { requireAdmin } from '@/lib/auth/user'
import { createClient } from '@/lib/supabase/server'

const n = (value: number) => value.toLocaleString('en-US')

function failureRate(failed: number, succeeded: number): { value: string; hint: string } {
  const finished = failed + succeeded
  if (finished === 0) return { value: '—', hint: 'No render finished in the last 7 days.' }
  const percent = (failed / finished) * 100
  return {
    value: `${percent < 10 && percent > 0 ? percent.toFixed(1) : Math.round(percent)}%`,
    hint: `${n(failed)} of ${n(finished)} finished renders failed (last 7 days).`,
  }
}

export default async function AdminHomePage() {
  await requireAdmin()
  // an administrator's own session: the admin functions and admin-only policies decide, no service key
  const db = (await createClient()) as unknown as Db
  const [overview, runs, audit] = await Promise.all([getOverview(db), listRecentRuns(db, { limit: 6 }), listAudit(db, { limit: 6 })])
  const failures = failureRate(overview.failed_7d, overview.succeeded_7d)

  return (
    <>
      <PageHeader title="Overview" description="The whole product at a glance. Days are counted in UTC." />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4 xl:grid-cols-4">
        <StatCard
          label="Users"
          value={n(overview.users)}
          icon={<Users />}
          hint={`${n(overview.new_users_7d)} new in 7 days · ${n(overview.trial_users)} trial visitors · ${n(overview.banned)} banned`}
          href="/admin/users"
          linkLabel="Find a user"
        />
        <StatCard label="Teams" value={n(overview.teams)} icon={<UsersRound />} hint={`Looked after by ${n(overview.admins)} site administrator${overview.admins === 1 ? '' : 's'}`} />
        <StatCard label="Listings" value={n(overview.listings)} icon={<Building2 />} hint="Every team’s, archived included" />
        <StatCard label="Videos" value={n(overview.videos)} icon={<Film />} hint="Drafts and rendered" />
        <StatCard label="Renders today" value={n(overview.renders_today)} icon={<Clapperboard />} hint={`${n(overview.active_renders)} running now`} />
        <StatCard label="Renders, last 7 days" value={n(overview.renders_7d)} icon={<Gauge />} hint="Team and trial renders" />
        <StatCard label="Failure rate, 7 days" value={failures.value} icon={<TriangleAlert />} hint={failures.hint} />
        <StatCard
          label="Feedback waiting"
          value={overview.feedback_new === null ? '—' : n(overview.feedback_new)}
          icon={<MessageSquare />}
          hint={overview.feedback_new === null ? 'Feedback is not set up in this database.' : 'New messages nobody has reviewed yet.'}
          href={overview.feedback_new === null ? undefined : '/admin/feedback?status=new'}
          linkLabel="Review feedback"
        />
      </div>

      <div className="mt-6 grid grid-cols-1 gap-6 xl:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Newest sign-ups</CardTitle>
          </CardHeader>
          {overview.recent_signups.length ? (
            <ul className="divide-y divide-border">
              {overview.recent_signups.map((person) => (
                <li key={person.id}>
                  <Link href={`/admin/users/${person.id}`} className="flex items-center gap-3 px-5 py-3 hover:bg-canvas sm:px-6">
                    <Avatar name={person.full_name} email={person.email} size="sm" />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-medium text-ink">{person.full_name || person.email}</span>
                      <span className="block truncate text-xs text-muted">{person.email}</span>
                    </span>
                    <time dateTime={person.created_at} title={formatDayTime(person.created_at)} className="text-xs text-subtle">
                      {formatAgo(person.created_at)}
                    </time>
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="px-5 py-6 text-sm text-muted sm:px-6">Nobody has signed up yet.</p>
          )}
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Latest renders</CardTitle>
          </CardHeader>
          <RunList runs={runs} empty="No video has been rendered yet." />
        </Card>
        <Card className="xl:col-span-2">
          <CardHeader>
            <CardTitle>Administrator actions</CardTitle>
          </CardHeader>
          <AuditList entries={audit} empty="No administrator has changed anything yet: grants, bans and rights changes appear here." />
        </Card>
      </div>
    </>
  )
}
