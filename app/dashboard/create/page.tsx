import type { Metadata } from 'next'
import { Logo } from '@/components/site/logo'
import { CreateTeamClient } from './page-client'
import { requireUser } from '@/lib/auth/user'
import type { Db } from '@/lib/listings/refusal'
import { createClient } from '@/lib/supabase/server'
import { listMyInvitations, listMyTeams } from '@/lib/teams/queries'
import { trialToImport } from '@/lib/trials/offer'

export const metadata: Metadata = { title: 'Create a team' }

type Params = Promise<{ invite?: string | string[]; import?: string | string[] }>

export default async function CreateTeamPage({ searchParams }: { searchParams: Params }) {
  const { invite, import: importId } = await searchParams
  const token = typeof invite === 'string' ? invite : undefined
  const trialId = typeof importId === 'string' ? importId : undefined
  const here = token
    ? `/dashboard/create?invite=${encodeURIComponent(token)}`
    : trialId
      ? `/dashboard/create?import=${encodeURIComponent(trialId)}`
      : '/dashboard/create'
  const user = await requireUser(here)
  const db = (await createClient()) as unknown as Db
  // the trial asked for (the sign-up link), else the person's newest one that is still only a trial
  const [invitations, teams, trial] = await Promise.all([
    listMyInvitations(user.email ?? ''),
    listMyTeams(user.id),
    trialToImport(db, user.id, trialId),
  ])

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
          trial={trial}
        />
      </main>
    </div>
  )
}
