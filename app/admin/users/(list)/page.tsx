import { SearchX, Users } from 'lucide-react'
import { UsersTable } from '@/components/admin/users-table'
import { UsersToolbar } from '@/components/admin/users-toolbar'
import { lastPage, Pagination, pageHref } from '@/components/listings/pagination'
import { ButtonLink } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { PageHeader } from '@/components/ui/page-header'
import { listUsers } from '@/lib/admin/queries'
import { userListFilterSchema } from '@/lib/admin/schema'
import { plural } from '@/lib/plural'
import { requireAdmin } from '@/lib/auth/user'
import type { Db } from '@/lib/listings/refusal'
import { createClient } from '@/lib/supabase/server'
import { adminMetadata } from '@/lib/admin/metadata'

export const generateMetadata = adminMetadata('Users')

type SearchParams = Record<string, string | string[] | undefined>

/** what each filter lists, in the plural and the singular */
const FILTER_WORDS: Record<string, [string, string]> = {
  all: ['account', 'accounts'],
  accounts: ['account', 'accounts'],
  admins: ['administrator', 'administrators'],
  banned: ['banned person', 'banned people'],
  anonymous: ['trial visitor', 'trial visitors'],
}

export default async function AdminUsersPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireAdmin()
  const raw = await searchParams
  const one = (key: string) => (Array.isArray(raw[key]) ? raw[key][0] : raw[key])
  const filter = userListFilterSchema.parse({ q: one('q'), filter: one('filter'), sort: one('sort'), page: one('page') })
  // the administrator's own session: admin_list_users checks them itself
  const { rows, total } = await listUsers((await createClient()) as unknown as Db, filter)
  // trial visitors are hidden by default (filter 'accounts'); "Everyone" shows them too
  const narrowed = Boolean(filter.q) || (filter.filter !== 'accounts' && filter.filter !== 'all')
  const [single, many] = FILTER_WORDS[filter.filter]
  const last = lastPage(total, filter.perPage)
  const pastEnd = !rows.length && total > 0 && filter.page > last

  // the URL parameters other than the page, for the pagination links
  const kept: Record<string, string> = {}
  if (filter.q) kept.q = filter.q
  if (filter.filter !== 'accounts') kept.filter = filter.filter
  if (filter.sort !== 'newest') kept.sort = filter.sort

  return (
    <>
      <PageHeader
        title="Users"
        description={
          filter.q
            ? `${plural(total, `matching ${single}`, `matching ${many}`)}.`
            : filter.filter === 'accounts'
              ? `${plural(total, 'account')}; trial visitors are hidden (Show: Everyone lists them too).`
              : filter.filter === 'all'
                ? `${plural(total, 'account')}, trial visitors included.`
                : `${plural(total, single, many)}.`
        }
      />
      <UsersToolbar q={filter.q} filter={filter.filter} sort={filter.sort} />
      {rows.length ? (
        <UsersTable rows={rows} />
      ) : pastEnd ? (
        <EmptyState
          icon={<SearchX />}
          title="This page is past the end of the list"
          description={`${plural(total, filter.q ? `matching ${single}` : single, filter.q ? `matching ${many}` : many)} fit on ${plural(last, 'page')}.`}
          action={<ButtonLink href={pageHref('/admin/users', kept, last)}>Go to the last page ({last})</ButtonLink>}
        />
      ) : narrowed ? (
        <EmptyState
          icon={<SearchX />}
          title="Nobody matches"
          description={filter.q ? `No ${single} matches “${filter.q}”. Search part of an email address or a name.` : `There are no ${many} right now.`}
          action={
            <ButtonLink variant="outline" href="/admin/users?filter=all">
              Show everyone
            </ButtonLink>
          }
        />
      ) : (
        <EmptyState
          icon={<Users />}
          title={filter.filter === 'accounts' ? 'No accounts yet' : 'Nobody yet'}
          description={filter.filter === 'accounts' ? 'People who sign up appear here; trial visitors are under Show: Everyone.' : 'People who sign up or start a trial appear here.'}
          action={
            filter.filter === 'accounts' ? (
              <ButtonLink variant="outline" href="/admin/users?filter=all">
                Show trial visitors too
              </ButtonLink>
            ) : undefined
          }
        />
      )}
      <Pagination page={filter.page} pageSize={filter.perPage} total={total} params={kept} basePath="/admin/users" />
    </>
  )
}
