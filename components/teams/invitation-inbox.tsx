'use client'

import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { toast } from 'sonner'
import { Mail } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { cn } from '@/components/ui/cn'
import { acceptInvitation, declineInvitation } from '@/lib/teams/actions'
import type { MyInvitation } from '@/lib/teams/queries'

function expiresIn(iso: string): string {
  const days = Math.ceil((new Date(iso).getTime() - Date.now()) / 86_400_000)
  return days <= 1 ? 'Expires within a day' : `Expires in ${days} days`
}

/** Invitations addressed to the signed-in email, with the one from the email link first and marked. */
export function InvitationInbox({ invitations, highlightToken }: { invitations: MyInvitation[]; highlightToken?: string }) {
  const router = useRouter()
  const [busy, setBusy] = useState<string | null>(null)
  const ordered = [...invitations].sort((a, b) => Number(b.token === highlightToken) - Number(a.token === highlightToken))

  async function accept(invitation: MyInvitation) {
    setBusy(invitation.id)
    const id = toast.loading(`Joining ${invitation.teamName}…`)
    const result = await acceptInvitation({ token: invitation.token })
    if (result.ok) {
      toast.success(`You joined ${invitation.teamName}`, { id })
      router.push(`/dashboard/${result.data.teamId}`)
    } else {
      toast.error(result.error, { id })
      setBusy(null)
    }
  }

  async function decline(invitation: MyInvitation) {
    setBusy(invitation.id)
    const result = await declineInvitation({ invitationId: invitation.id })
    if (result.ok) {
      toast.info(`Invitation from ${invitation.teamName} declined`)
      router.refresh()
    } else toast.error(result.error)
    setBusy(null)
  }

  return (
    <ul className="space-y-3">
      {ordered.map((invitation) => {
        const highlighted = invitation.token === highlightToken
        return (
          <li
            key={invitation.id}
            data-highlighted={highlighted || undefined}
            className={cn(
              'rounded-xl border bg-surface p-4 shadow-card transition-shadow',
              highlighted ? 'border-brand-300 ring-4 ring-brand-500/15' : 'border-border',
            )}
          >
            <div className="flex items-start gap-3">
              <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
                <Mail aria-hidden className="size-5" />
              </div>
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <p className="truncate font-semibold text-ink">{invitation.teamName}</p>
                  <Badge tone={invitation.role === 'admin' ? 'brand' : 'neutral'} className="capitalize">
                    {invitation.role}
                  </Badge>
                  {highlighted ? <Badge tone="success">From your email link</Badge> : null}
                </div>
                <p className="mt-0.5 text-sm text-muted">{expiresIn(invitation.expiresAt)}</p>
              </div>
            </div>
            <div className="mt-4 flex gap-2 sm:justify-end">
              <Button variant="outline" size="sm" disabled={busy !== null} onClick={() => decline(invitation)}>
                Decline
              </Button>
              <Button
                size="sm"
                pending={busy === invitation.id}
                disabled={busy !== null}
                onClick={() => accept(invitation)}
                autoFocus={highlighted}
                aria-label={`Accept invitation to ${invitation.teamName}`}
              >
                Accept and join
              </Button>
            </div>
          </li>
        )
      })}
    </ul>
  )
}
