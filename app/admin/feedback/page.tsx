import { Inbox, SearchX } from 'lucide-react'
import { FeedbackFilters } from '@/components/admin/feedback-filters'
import { FeedbackList } from '@/components/admin/feedback-list'
import { lastPage, Pagination, pageHref } from '@/components/listings/pagination'
import { ButtonLink } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { PageHeader } from '@/components/ui/page-header'
import { requireAdmin } from '@/lib/auth/user'
import type { SearchParams } from '@/lib/auth/page-props'
import { FEEDBACK } from '@/lib/constants'
import { plural, thereAre } from '@/lib/plural'
import { countFeedbackByStatus, listFeedback } from '@/lib/feedback/queries'
import { feedbackFilterSchema, FEEDBACK_KIND_NAMES, FEEDBACK_STATUS_LABELS } from '@/lib/feedback/schema'
import type { Db } from '@/lib/listings/refusal'
import { createClient } from '@/lib/supabase/server'
import { adminMetadata } from '@/lib/admin/metadata'

export const generateMetadata = adminMetadata('Feedback')

export default async function AdminFeedbackPage({ searchParams }: { searchParams: SearchParams }) {
  await requireAdmin()
  const raw = await searchParams
  const one = (key: string) => (Array.isArray(raw[key]) ? raw[key][0] : raw[key])
  const filter = feedbackFilterSchema.parse({ status: one('status'), kind: one('kind'), page: one('page') })
  // the admin's own session: admin_list_feedback and the policies check the flag themselves
  const db = (await createClient()) as unknown as Db
  const [{ items, total }, counts] = await Promise.all([listFeedback(db, filter), countFeedbackByStatus(db, filter.kind)])
  const matching = filter.status ? counts[filter.status] : counts.all

  const kept: Record<string, string> = {}
  if (filter.status) kept.status = filter.status
  if (filter.kind) kept.kind = filter.kind
  const filtered = Boolean(filter.status || filter.kind)
  const what = [filter.status && FEEDBACK_STATUS_LABELS[filter.status].toLowerCase(), filter.kind && FEEDBACK_KIND_NAMES[filter.kind].toLowerCase()]
    .filter(Boolean)
    .join(' ')

  return (
    <>
      <PageHeader
        title="Feedback"
        description="What people tell us from inside the app, newest first. Set a status as you go and keep notes for other administrators; senders never see the notes."
      />
      <FeedbackFilters status={filter.status} kind={filter.kind} counts={counts} />
      <div className="mt-6">
        {items.length > 0 ? (
          <>
            <FeedbackList items={items} empty={null} />
            <Pagination page={filter.page} pageSize={FEEDBACK.pageSize} total={total ?? matching} params={kept} basePath="/admin/feedback" />
          </>
        ) : filter.page > 1 && matching > 0 ? (
          <EmptyState
            icon={<SearchX />}
            title="This page is past the end of the list"
            description={`${thereAre(matching, 'matching message')}, on ${plural(lastPage(matching, FEEDBACK.pageSize), 'page')}.`}
            action={<ButtonLink href={pageHref('/admin/feedback', kept, lastPage(matching, FEEDBACK.pageSize))}>Go to the last page ({lastPage(matching, FEEDBACK.pageSize)})</ButtonLink>}
          />
        ) : filtered ? (
          <EmptyState
            icon={<SearchX />}
            title={`No ${what} feedback`}
            description="Nothing matches these filters right now."
            action={
              <ButtonLink variant="outline" href="/admin/feedback">
                Show all feedback
              </ButtonLink>
            }
          />
        ) : (
          <EmptyState
            icon={<Inbox />}
            title="No feedback yet"
            description="When someone uses “Send feedback” on a team page, their message appears here with the page they were on."
          />
        )}
      </div>
    </>
  )
}
