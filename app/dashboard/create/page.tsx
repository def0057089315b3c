import type { Metadata } from 'next'
import { Logo } from '@/components/site/logo'
import { CreateTeamClient } from './page-client'
import { requireUser } from '@/lib/auth/user'
import { listMyInvitations, listMyTeams } from '@/lib/teams/queries'

export const metadata: Metadata = { title: 'Create a team' }

export default async function CreateTeamPage({ searchParams }: { searchParams: Promise<{ invite?: string | string[] }> }) {
  const { invite } = await searchParams
  const token = typeof invite === 'string' ? invite : undefined
  const user = await requireUser(token ? `/dashboard/create?invite=${encodeURIComponent(token)}` : '/dashboard/create')
  const [invitations, teams] = await Promise.all([listMyInvitations(user.email ?? ''), listMyTeams(user.id)])

  return (
    <div className="min-h-dvh bg-canvas">
      <header className="border-b border-border bg-surface">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between px-4 sm:px-6">
          <Logo href="/dashboard" />
          <form action="/auth/signout" method="post">
            <button type="submit" className="rounded-lg px-3 py-2 text-sm font-medium text-muted hover:bg-ink/5 hover:text-ink">
              Sign out
            </button>
          </form>
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-16">
        <CreateTeamClient
          email={user.email ?? ''}
          invitations={invitations}
          highlightToken={token}
          teams={teams.map((t) => ({ id: t.id, name: t.name }))}
        />
      </main>
    </div>
  )
}
