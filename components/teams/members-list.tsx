'use client'

import { useState } from 'react'
import { toast } from 'sonner'
import { UserMinus } from 'lucide-react'
import { Avatar } from '@/components/ui/avatar'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { Select } from '@/components/ui/input'
import { changeMemberRole, removeMember } from '@/lib/teams/actions'
import type { TeamRole } from '@/lib/constants'

export type MemberRow = {
  userId: string
  email: string | null
  fullName: string | null
  avatarUrl: string | null
  role: TeamRole
}

/** Mirrors the database's rules so nobody is offered a control that will be refused. */
function canManage(myRole: TeamRole, target: MemberRow, isMe: boolean): boolean {
  if (isMe) return myRole === 'owner'
  return myRole === 'owner' || (myRole === 'admin' && target.role === 'member')
}

export function MembersList({ teamId, members, myUserId, myRole }: { teamId: string; members: MemberRow[]; myUserId: string; myRole: TeamRole }) {
  const [busy, setBusy] = useState<string | null>(null)
  const [removing, setRemoving] = useState<MemberRow | null>(null)

  async function onRole(member: MemberRow, role: TeamRole) {
    setBusy(member.userId)
    const id = toast.loading('Changing the role…')
    const result = await changeMemberRole({ teamId, userId: member.userId, role })
    if (result.ok) toast.success(`${member.fullName || member.email} is now ${role === 'admin' ? 'an admin' : `a ${role}`}`, { id })
    else toast.error(result.error, { id })
    setBusy(null)
  }

  async function onRemove(member: MemberRow) {
    setBusy(member.userId)
    const result = await removeMember({ teamId, userId: member.userId })
    if (result.ok) toast.success(`${member.fullName || member.email} was removed from the team`)
    else toast.error(result.error)
    setBusy(null)
    setRemoving(null)
  }

  return (
    <>
      <ul className="divide-y divide-border">
        {members.map((member) => {
          const isMe = member.userId === myUserId
          const manageable = canManage(myRole, member, isMe)
          const roles: TeamRole[] = myRole === 'owner' ? ['owner', 'admin', 'member'] : ['admin', 'member']
          return (
            <li key={member.userId} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
              <Avatar name={member.fullName} email={member.email} src={member.avatarUrl} />
              <div className="min-w-0 flex-1">
                <p className="flex min-w-0 items-center gap-2 text-sm font-medium text-ink">
                  <span className="truncate">{member.fullName || member.email}</span>
                  {isMe ? (
                    <Badge tone="brand" className="shrink-0">
                      You
                    </Badge>
                  ) : null}
                </p>
                {member.fullName ? <p className="truncate text-xs text-muted">{member.email}</p> : null}
              </div>
              {manageable ? (
                <div className="w-26 shrink-0 sm:w-32">
                  <Select
                    aria-label={`Role of ${member.fullName || member.email}`}
                    className="h-8 text-sm"
                    value={member.role}
                    disabled={busy === member.userId}
                    onChange={(event) => onRole(member, event.target.value as TeamRole)}
                  >
                    {roles.map((role) => (
                      <option key={role} value={role} className="capitalize">
                        {role[0].toUpperCase() + role.slice(1)}
                      </option>
                    ))}
                  </Select>
                </div>
              ) : (
                <Badge tone={member.role === 'owner' ? 'brand' : 'neutral'} className="capitalize">
                  {member.role}
                </Badge>
              )}
              {manageable && !isMe ? (
                <Button
                  variant="ghost"
                  size="sm"
                  className="w-8 shrink-0 px-0"
                  onClick={() => setRemoving(member)}
                  aria-label={`Remove ${member.fullName || member.email}`}
                >
                  <UserMinus aria-hidden />
                </Button>
              ) : (
                // keeps the role column aligned across rows
                <span aria-hidden className="w-8 shrink-0" />
              )}
            </li>
          )
        })}
      </ul>
      <Dialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title="Remove this member?"
        description={
          removing
            ? `${removing.fullName || removing.email} will lose access to this team's listings, videos and credits. You can invite them again later.`
            : undefined
        }
        footer={
          <>
            <Button variant="outline" onClick={() => setRemoving(null)}>
              Cancel
            </Button>
            <Button variant="danger" pending={busy === removing?.userId} onClick={() => removing && onRemove(removing)}>
              Remove member
            </Button>
          </>
        }
      />
    </>
  )
}
