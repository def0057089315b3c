'use client'

import { useState } from 'react'
import { toast } from 'sonner'
import { Copy } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { revokeInvitation } from '@/lib/teams/actions'
import type { PendingInvitation } from '@/lib/teams/queries'

const dayFormat = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric' })

export function PendingInvitations({ teamId, invitations }: { teamId: string; invitations: PendingInvitation[] }) {
  const [busy, setBusy] = useState<string | null>(null)

  if (!invitations.length) return <p className="text-sm text-muted">No invitations are waiting for an answer.</p>

  async function revoke(invitation: PendingInvitation) {
    setBusy(invitation.id)
    const result = await revokeInvitation({ teamId, invitationId: invitation.id })
    if (result.ok) toast.success(`Invitation to ${invitation.email} revoked`)
    else toast.error(result.error)
    setBusy(null)
  }

  async function copyLink(invitation: PendingInvitation) {
    const url = `${window.location.origin}/dashboard/create?invite=${invitation.token}`
    try {
      await navigator.clipboard.writeText(url)
      toast.success('Invitation link copied')
    } catch {
      toast.warning('Your browser blocked the clipboard', { description: url })
    }
  }

  return (
    <ul className="divide-y divide-border">
      {invitations.map((invitation) => (
        <li key={invitation.id} className="flex flex-wrap items-center gap-3 py-3 first:pt-0 last:pb-0">
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-ink">{invitation.email}</p>
            <p className="text-xs text-muted">Expires {dayFormat.format(new Date(invitation.expiresAt))}</p>
          </div>
          <Badge tone={invitation.role === 'admin' ? 'brand' : 'neutral'} className="capitalize">
            {invitation.role}
          </Badge>
          <div className="flex gap-1">
            <Button variant="ghost" size="sm" onClick={() => copyLink(invitation)} aria-label={`Copy invitation link for ${invitation.email}`}>
              <Copy aria-hidden />
            </Button>
            <Button variant="outline" size="sm" pending={busy === invitation.id} onClick={() => revoke(invitation)}>
              Revoke
            </Button>
          </div>
        </li>
      ))}
    </ul>
  )
}
