import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { ArrowLeft } from 'lucide-react'
import { Avatar } from '@/components/ui/avatar'
import { Badge } from '@/components/ui/badge'
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { PageHeader } from '@/components/ui/page-header'
import { requireAdmin } from '@/lib/auth/user'
import { isUuid } from '@/lib/auth/uuid'
import { createClient } from '@/lib/supabase/server'

export const metadata: Metadata = { title: 'User' }

export default async function AdminUserPage({ params }: { params: Promise<{ userId: string }> }) {
  await requireAdmin()
  const { userId } = await params
  if (!isUuid(userId)) notFound()
  const supabase = await createClient()
  const [profile, memberships] = await Promise.all([
    supabase.from('profiles').select('id, full_name, email, is_admin, created_at').eq('id', userId).maybeSingle(),
    supabase.from('team_members').select('role, created_at, teams(id, name)').eq('user_id', userId),
  ])
  if (profile.error) throw new Error(`Could not load the user: ${profile.error.message}`)
  if (memberships.error) throw new Error(`Could not load the user's teams: ${memberships.error.message}`)
  if (!profile.data) notFound()
  const person = profile.data
  return (
    <>
      <Link href="/admin/users" className="mb-4 inline-flex items-center gap-1.5 text-sm text-muted hover:text-ink">
        <ArrowLeft className="size-4" /> All users
      </Link>
      <PageHeader
        title={
          <span className="flex items-center gap-3">
            <Avatar name={person.full_name} email={person.email} size="lg" />
            <span className="min-w-0 truncate">{person.full_name || person.email}</span>
          </span>
        }
        description={`${person.email ?? ''} · joined ${new Date(person.created_at).toLocaleDateString('en-GB')}`}
        actions={person.is_admin ? <Badge tone="brand">Administrator</Badge> : null}
      />
      <Card>
        <CardHeader>
          <CardTitle>Teams</CardTitle>
        </CardHeader>
        <CardBody>
          {memberships.data.length === 0 ? (
            <p className="text-sm text-muted">Not a member of any team.</p>
          ) : (
            <ul className="divide-y divide-border">
              {memberships.data.map((m) => (
                <li key={m.teams?.id} className="flex items-center justify-between py-2.5 text-sm">
                  <span className="font-medium text-ink">{m.teams?.name}</span>
                  <Badge>{m.role}</Badge>
                </li>
              ))}
            </ul>
          )}
        </CardBody>
      </Card>
      <EmptyState
        className="mt-6"
        title="Listings, runs, feedback and account actions arrive with the administration tools"
        description="Granting credits, making or unmaking an administrator and banning will be here."
      />
    </>
  )
}
