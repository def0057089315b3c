import Link from 'next/link'
import { Avatar } from '@/components/ui/avatar'
import { Card } from '@/components/ui/card'
import type { AdminUserRow } from '@/lib/admin/schema'
import { avatarUrl } from '@/lib/profile/avatar-url'
import { formatAgo, formatDay, formatDayTime } from './format'
import { UserBadges } from './user-badges'

/** One page of people; each row opens the person's admin page. */
export function UsersTable({ rows }: { rows: AdminUserRow[] }) {
  return (
    <Card className="overflow-hidden">
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Users</caption>
          <thead className="border-b border-border bg-canvas text-xs text-muted">
            <tr>
              <th scope="col" className="px-5 py-3 font-medium">
                Person
              </th>
              <th scope="col" className="hidden px-3 py-3 font-medium sm:table-cell">
                <span className="sr-only">Status</span>
              </th>
              <th scope="col" className="hidden px-3 py-3 font-medium md:table-cell">
                Joined
              </th>
              <th scope="col" className="hidden px-5 py-3 font-medium sm:table-cell">
                Last sign-in
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {rows.map((user) => (
              <tr key={user.id} className="relative hover:bg-canvas focus-within:bg-canvas">
                <td className="max-w-0 px-5 py-3 sm:w-1/2">
                  <Link href={`/admin/users/${user.id}`} className="flex items-center gap-3 after:absolute after:inset-0">
                    <Avatar name={user.full_name} email={user.email} src={avatarUrl(user.avatar_path)} size="sm" />
                    <span className="min-w-0">
                      <span className="block truncate font-medium text-ink">{user.full_name || (user.is_anonymous ? 'Trial visitor' : 'No name')}</span>
                      <span className="block truncate text-xs text-muted">{user.email ?? 'No email address'}</span>
                      <span className="mt-1 block sm:hidden">
                        <UserBadges user={user} />
                      </span>
                    </span>
                  </Link>
                </td>
                <td className="hidden px-3 py-3 sm:table-cell">
                  <UserBadges user={user} />
                </td>
                <td className="hidden px-3 py-3 whitespace-nowrap text-muted md:table-cell">
                  <time dateTime={user.created_at}>{formatDay(user.created_at)}</time>
                </td>
                <td className="hidden px-5 py-3 whitespace-nowrap text-muted sm:table-cell">
                  {user.last_sign_in_at ? (
                    <time dateTime={user.last_sign_in_at} title={formatDayTime(user.last_sign_in_at)}>
                      {formatAgo(user.last_sign_in_at)}
                    </time>
                  ) : (
                    'Never'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  )
}
