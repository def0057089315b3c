import type { Metadata } from 'next'
import { SearchX, Users } from 'lucide-react'
import { UsersTable } from '@/components/admin/users-table'
import { UsersToolbar } from '@/components/admin/users-toolbar'
import { Pagination } from '@/components/listings/pagination'
import { ButtonLink } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { PageHeader } from '@/components/ui/page-header'
import { listUsers } from '@/lib/admin/queries'
import { userListFilterSchema } from '@/lib/admin/schema'
import { requireAdmin } from '@/lib/auth/user'
import type { Db } from '@/lib/listings/refusal'
import { createClient } from '@/lib/supabase/server'

export const metadata: Metadata = { title: 'Users' }

type SearchParams = Record<string, string | string[] | undefined>

const FILTER_WORDS: Record<string, string> = { admins: 'administrators', banned: 'banned people', anonymous: 'trial visitors' }

export default async function AdminUsersPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireAdmin()
  const raw = await searchParams
  const one = (key: string) => (Array.isArray(raw[key]) ? raw[key][0] : raw[key])
  const filter = userListFilterSchema.parse({ q: one('q'), filter: one('filter'), sort: one('sort'), page: one('page') })
  // the administrator's own session: admin_list_users checks them itself
  const { rows, total } = await listUsers((await createClient()) as unknown as Db, filter)
  const narrowed = Boolean(filter.q) || filter.filter !== 'all'

  // the URL parameters other than the page, for the pagination links
  const kept: Record<string, string> = {}
  if (filter.q) kept.q = filter.q
  if (filter.filter !== 'all') kept.filter = filter.filter
  if (filter.sort !== 'newest') kept.sort = filter.sort

  return (
    <>
      <PageHeader
        title="Users"
        description={narrowed ? `${total.toLocaleString('en-US')} matching` : `${total.toLocaleString('en-US')} accounts, trial visitors included.`}
      />
      <UsersToolbar q={filter.q} filter={filter.filter} sort={filter.sort} />
      {rows.length ? (
        <UsersTable rows={rows} />
      ) : narrowed || filter.page > 1 ? (
        <EmptyState
          icon={<SearchX />}
          title={filter.page > 1 && total > 0 ? 'This page is past the end' : 'Nobody matches'}
          description={
            filter.q
              ? `No ${FILTER_WORDS[filter.filter] ?? 'account'} matches “${filter.q}”. Search part of an email address or a name.`
              : `There are no ${FILTER_WORDS[filter.filter] ?? 'accounts'} right now.`
          }
          action={
            <ButtonLink variant="outline" href="/admin/users">
              Show everyone
            </ButtonLink>
          }
        />
      ) : (
        <EmptyState icon={<Users />} title="No accounts yet" description="People who sign up or start a trial appear here." />
      )}
      <Pagination page={filter.page} pageSize={filter.perPage} total={total} params={kept} basePath="/admin/users" />
    </>
  )
}
