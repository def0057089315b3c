'use client'

import Link from 'next/link'
import { ArrowLeft, Info } from 'lucide-react'
import { Card, CardBody } from '@/components/ui/card'
import { CreateTeamForm } from '@/components/teams/create-team-form'
import { InvitationInbox } from '@/components/teams/invitation-inbox'
import type { MyInvitation } from '@/lib/teams/queries'
import type { TrialOffer } from '@/lib/trials/offer'
import { WELCOME_CREDITS } from '@/lib/constants'

interface Props {
  email: string
  invitations: MyInvitation[]
  highlightToken?: string
  teams: { id: string; name: string }[]
  /** a trial the person can bring into the new team (signing up from the try flow lands here) */
  trial?: TrialOffer | null
}

export function CreateTeamClient({ email, invitations, highlightToken, teams, trial }: Props) {
  const linkNotFound = Boolean(highlightToken) && !invitations.some((i) => i.token === highlightToken)
  const hasInvites = invitations.length > 0
  const invitedFirst = Boolean(highlightToken) && !linkNotFound

  const invites = hasInvites ? (
    <section aria-labelledby="invitations-title" className="space-y-4">
      <div>
        <h2 id="invitations-title" className="text-lg font-semibold text-ink">
          {invitations.length === 1 ? 'You have an invitation' : `You have ${invitations.length} invitations`}
        </h2>
        <p className="text-sm text-muted">Join a team that already works in Listing Studio.</p>
      </div>
      <InvitationInbox invitations={invitations} highlightToken={highlightToken} />
    </section>
  ) : null

  const create = (
    <section aria-labelledby="create-title">
      <Card>
        <CardBody className="space-y-6 p-6 sm:p-8">
          <div className="space-y-2">
            <h1 id="create-title" className="text-2xl font-semibold tracking-tight text-ink">
              {teams.length ? 'Create another team' : hasInvites ? 'Or start your own team' : 'Create your team'}
            </h1>
            <p className="text-sm text-muted">
              A team shares listings, videos, agents and credits. New teams start with{' '}
              <strong className="font-semibold text-ink">{WELCOME_CREDITS} free render credits</strong>.
            </p>
          </div>
          <CreateTeamForm autoFocus={!invitedFirst} trial={trial} />
        </CardBody>
      </Card>
    </section>
  )

  return (
    <div className="space-y-8">
      {teams.length ? (
        <Link href="/dashboard" className="inline-flex items-center gap-1.5 text-sm font-medium text-muted hover:text-ink">
          <ArrowLeft aria-hidden className="size-4" /> Back to your teams
        </Link>
      ) : null}
      {linkNotFound ? (
        <div role="status" className="flex gap-3 rounded-xl border border-warning-600/25 bg-warning-50 p-4 text-sm text-warning-700">
          <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
          <p>
            This invitation link does not match an open invitation for <strong>{email}</strong>. It may have been used,
            withdrawn or expired, or it was sent to another address — sign in with that address, or ask for a new invitation.
          </p>
        </div>
      ) : null}
      <div className={hasInvites ? 'grid items-start gap-8 lg:grid-cols-2' : 'mx-auto max-w-md'}>
        {invitedFirst ? (
          <>
            {invites}
            {create}
          </>
        ) : (
          <>
            {create}
            {invites}
          </>
        )}
      </div>
      <p className="text-center text-xs text-subtle">Signed in as {email}</p>
    </div>
  )
}
