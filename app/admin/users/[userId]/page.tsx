import Link from 'next/link'
import { notFound } from 'next/navigation'
import { ArrowLeft, MessageSquare } from 'lucide-react'
import { AccountActions } from '@/components/admin/account-actions'
import { AuditList } from '@/components/admin/audit-list'
import { FeedbackList } from '@/components/admin/feedback-list'
import { personName } from '@/components/admin/format'
import { GrantCreditsForm } from '@/components/admin/grant-credits-form'
import { RunList } from '@/components/admin/run-list'
import { SecondFactorReset } from '@/components/admin/second-factor-reset'
import { UserBadges } from '@/components/admin/user-badges'
import { UserFacts, UserTeams } from '@/components/admin/user-facts'
import { Avatar } from '@/components/ui/avatar'
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { PageHeader } from '@/components/ui/page-header'
import { getSecondFactorCount, getUserDetail, listAudit, listRecentRuns } from '@/lib/admin/queries'
import { isBannedNow } from '@/lib/admin/schema'
import { requireAdmin } from '@/lib/auth/user'
import { isUuid } from '@/lib/auth/uuid'
import { listFeedbackForUser } from '@/lib/feedback/queries'
import type { Db } from '@/lib/listings/refusal'
import { avatarUrl } from '@/lib/profile/avatar-url'
import { createClient } from '@/lib/supabase/server'
import { adminMetadata } from '@/lib/admin/metadata'

export const generateMetadata = adminMetadata('User')

export default async function AdminUserPage({ params }: { params: Promise<{ userId: string }> }) {
  const admin = await requireAdmin()
  const { userId } = await params
  if (!isUuid(userId)) notFound()
  // the administrator's own session: the admin functions and admin-only policies decide
  const db = (await createClient()) as unknown as Db
  const [user, runs, audit, feedback, secondFactors] = await Promise.all([
    getUserDetail(db, userId),
    listRecentRuns(db, { userId, limit: 10 }),
    listAudit(db, { userId, limit: 20 }),
    listFeedbackForUser(db, userId, 10),
    getSecondFactorCount(db, userId),
  ])
  if (!user) notFound()
  const name = personName(user, 'This person')

  return (
    <>
      <Link href="/admin/users" className="mb-4 inline-flex items-center gap-1.5 rounded-md text-sm text-muted hover:text-ink">
        <ArrowLeft aria-hidden className="size-4" /> All users
      </Link>
      <PageHeader
        title={
          <span className="flex items-center gap-3">
            <Avatar name={user.full_name} email={user.email} src={avatarUrl(user.avatar_path)} size="lg" />
            <span className="min-w-0 truncate">{user.full_name || user.email || 'Trial visitor'}</span>
          </span>
        }
        description={user.email ?? 'No email address: a trial visitor who has not signed up.'}
        actions={<UserBadges user={user} />}
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <Card>
            <CardHeader>
              <CardTitle>Account</CardTitle>
            </CardHeader>
            <CardBody className="py-2">
              <UserFacts user={user} />
            </CardBody>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Teams</CardTitle>
            </CardHeader>
            <CardBody className="py-2">
              <UserTeams teams={user.teams} />
            </CardBody>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Recent renders</CardTitle>
              <CardDescription>Renders this person asked for, newest first.</CardDescription>
            </CardHeader>
            <RunList runs={runs} empty="They have not rendered a video." showRequester={false} />
          </Card>
          <section aria-labelledby="user-feedback" className="space-y-3">
            <h2 id="user-feedback" className="flex items-center gap-2 text-base font-semibold text-ink">
              <MessageSquare aria-hidden className="size-4 text-subtle" /> Feedback
              {feedback.total > feedback.items.length ? (
                <span className="text-sm font-normal text-muted">
                  (newest {feedback.items.length} of {feedback.total} —{' '}
                  <Link href="/admin/feedback" className="text-brand-700 hover:underline">
                    all feedback
                  </Link>
                  )
                </span>
              ) : null}
            </h2>
            <FeedbackList
              items={feedback.items}
              showSender={false}
              empty={<p className="rounded-xl border border-dashed border-border-strong px-5 py-6 text-sm text-muted">They have not sent any feedback.</p>}
            />
          </section>
          <Card>
            <CardHeader>
              <CardTitle>Administrator actions on this account</CardTitle>
            </CardHeader>
            <AuditList entries={audit} empty="No administrator has changed this account." linkTarget={false} />
          </Card>
        </div>
        <div className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle>Grant credits</CardTitle>
              <CardDescription>{user.teams.length === 1 ? 'To their team' : 'To one of their teams'}, recorded with your note.</CardDescription>
            </CardHeader>
            <CardBody>
              {user.teams.length ? (
                <GrantCreditsForm userId={user.id} teams={user.teams.map(({ id, name: teamName, balance }) => ({ id, name: teamName, balance }))} />
              ) : (
                <p className="text-sm text-muted">Credits belong to teams, and {name} is in none.</p>
              )}
            </CardBody>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Access</CardTitle>
            </CardHeader>
            <CardBody>
              <AccountActions
                userId={user.id}
                name={name}
                isAdmin={user.is_admin}
                bannedUntil={isBannedNow(user.banned_until) ? user.banned_until : null}
                isSelf={user.id === admin.id}
                isAnonymous={user.is_anonymous}
              />
            </CardBody>
          </Card>
          {user.is_anonymous ? null : (
            <Card>
              <CardHeader>
                <CardTitle>Two-step sign-in</CardTitle>
              </CardHeader>
              <CardBody>
                <SecondFactorReset userId={user.id} name={name} factors={secondFactors} isSelf={user.id === admin.id} isAdmin={user.is_admin} />
              </CardBody>
            </Card>
          )}
        </div>
      </div>
    </>
  )
}
