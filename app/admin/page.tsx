import Link from 'next/link'
import { Card, CardHeader, CardTitle } from '@/components/ui/card'
import { Avatar } from '@/components/ui/avatar'
import { PageHeader } from '@/components/ui/page-header'
import { requireAdmin } from '@/lib/auth/user'
import { createClient } from '@/lib/supabase/server'

function formatDate(iso: string) {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso))
}

export default async function AdminHomePage() {
  await requireAdmin()
  // admins read every row through the admin-only policies; no service key needed
  const supabase = await createClient()
  const [users, teams, admins, recent] = await Promise.all([
    supabase.from('profiles').select('id', { count: 'exact', head: true }),
    supabase.from('teams').select('id', { count: 'exact', head: true }),
    supabase.from('profiles').select('id', { count: 'exact', head: true }).eq('is_admin', true),
    supabase.from('profiles').select('id, full_name, email, created_at').order('created_at', { ascending: false }).limit(5),
  ])
  for (const result of [users, teams, admins, recent]) {
    if (result.error) throw new Error(`Could not load the overview: ${result.error.message}`)
  }
  const stats = [
    { label: 'Users', value: users.count ?? 0 },
    { label: 'Teams', value: teams.count ?? 0 },
    { label: 'Administrators', value: admins.count ?? 0 },
  ]
  return (
    <>
      <PageHeader title="Overview" description="The whole product at a glance." />
      <div className="grid grid-cols-3 gap-3 sm:gap-4">
        {stats.map((stat) => (
          <Card key={stat.label} className="p-4 sm:p-5">
            <div className="truncate text-xs text-muted sm:text-sm">{stat.label}</div>
            <div className="mt-2 text-2xl font-semibold tabular-nums text-ink sm:text-3xl">{stat.value}</div>
          </Card>
        ))}
      </div>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>Newest users</CardTitle>
        </CardHeader>
        <div>
          <ul className="divide-y divide-border">
            {(recent.data ?? []).map((profile) => (
              <li key={profile.id}>
                <Link href={`/admin/users/${profile.id}`} className="flex items-center gap-3 px-5 py-3 hover:bg-canvas sm:px-6">
                  <Avatar name={profile.full_name} email={profile.email} size="sm" />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium text-ink">{profile.full_name || profile.email}</span>
                    <span className="block truncate text-xs text-muted">{profile.email}</span>
                  </span>
                  <span className="text-xs text-subtle">{formatDate(profile.created_at)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </Card>
    </>
  )
}
