import type { Metadata } from 'next'
import Link from 'next/link'
import { Avatar } from '@/components/ui/avatar'
import { Badge } from '@/components/ui/badge'
import { Card } from '@/components/ui/card'
import { PageHeader } from '@/components/ui/page-header'
import { requireAdmin } from '@/lib/auth/user'
import { createClient } from '@/lib/supabase/server'

export const metadata: Metadata = { title: 'Users' }

const PAGE_SIZE = 50

export default async function AdminUsersPage() {
  await requireAdmin()
  const supabase = await createClient()
  const { data, count, error } = await supabase
    .from('profiles')
    .select('id, full_name, email, is_admin, created_at', { count: 'exact' })
    .order('created_at', { ascending: false })
    .limit(PAGE_SIZE)
  if (error) throw new Error(`Could not load users: ${error.message}`)
  return (
    <>
      <PageHeader
        title="Users"
        description={`${count ?? 0} accounts. Search and paging arrive with the administration tools; the newest ${PAGE_SIZE} are listed.`}
      />
      <Card className="overflow-hidden">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-border bg-canvas text-xs text-muted">
            <tr>
              <th scope="col" className="px-5 py-3 font-medium">
                Person
              </th>
              <th scope="col" className="hidden px-5 py-3 font-medium sm:table-cell">
                Joined
              </th>
              <th scope="col" className="px-5 py-3 font-medium">
                <span className="sr-only">Role</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {(data ?? []).map((profile) => (
              <tr key={profile.id} className="hover:bg-canvas">
                <td className="px-5 py-3">
                  <Link href={`/admin/users/${profile.id}`} className="flex items-center gap-3">
                    <Avatar name={profile.full_name} email={profile.email} size="sm" />
                    <span className="min-w-0">
                      <span className="block truncate font-medium text-ink">{profile.full_name || '—'}</span>
                      <span className="block truncate text-xs text-muted">{profile.email}</span>
                    </span>
                  </Link>
                </td>
                <td className="hidden px-5 py-3 text-muted sm:table-cell">{new Date(profile.created_at).toLocaleDateString('en-GB')}</td>
                <td className="px-5 py-3 text-right">{profile.is_admin ? <Badge tone="brand">Admin</Badge> : null}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </>
  )
}
