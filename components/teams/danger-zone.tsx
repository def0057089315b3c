'use client'

import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { useActionForm } from '@/components/dashboard/use-action-form'
import { deleteTeam, leaveTeam } from '@/lib/teams/actions'
import { deleteTeamSchema } from '@/lib/teams/schema'

export function DangerZone({ teamId, teamName, isOwner }: { teamId: string; teamName: string; isOwner: boolean }) {
  const router = useRouter()
  const [dialog, setDialog] = useState<'leave' | 'delete' | null>(null)
  const [leaving, setLeaving] = useState(false)
  const [typed, setTyped] = useState('')
  const remove = useActionForm(
    deleteTeamSchema,
    deleteTeam,
    { loading: `Deleting ${teamName}…`, success: () => `${teamName} was deleted` },
    () => router.replace('/dashboard'),
  )

  async function onLeave() {
    setLeaving(true)
    const id = toast.loading(`Leaving ${teamName}…`)
    const result = await leaveTeam({ teamId })
    if (result.ok) {
      toast.success(`You left ${teamName}`, { id })
      router.replace('/dashboard')
    } else {
      toast.error(result.error, { id })
      setLeaving(false)
      setDialog(null)
    }
  }

  return (
    <div className="divide-y divide-border">
      <div className="flex flex-col gap-3 pb-5 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="text-sm font-medium text-ink">Leave this team</p>
          <p className="text-sm text-muted">You lose access to its listings and videos until someone invites you again.</p>
        </div>
        <Button variant="outline" onClick={() => setDialog('leave')}>
          Leave team
        </Button>
      </div>
      {isOwner ? (
        <div className="flex flex-col gap-3 pt-5 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="text-sm font-medium text-ink">Delete this team</p>
            <p className="text-sm text-muted">Removes the team, its members, invitations and credits for good.</p>
          </div>
          <Button variant="danger" onClick={() => setDialog('delete')}>
            Delete team
          </Button>
        </div>
      ) : null}

      <Dialog
        open={dialog === 'leave'}
        onClose={() => setDialog(null)}
        title={`Leave ${teamName}?`}
        description="You will no longer see this team's work. If you are its only owner, make someone else an owner first."
        footer={
          <>
            <Button variant="outline" onClick={() => setDialog(null)}>
              Stay
            </Button>
            <Button variant="danger" pending={leaving} onClick={onLeave}>
              Leave team
            </Button>
          </>
        }
      />

      <Dialog
        open={dialog === 'delete'}
        onClose={() => setDialog(null)}
        title={`Delete ${teamName}?`}
        description="This cannot be undone. Every member loses access, and unused credits are gone."
      >
        <form method="post" noValidate onSubmit={remove.onSubmit({ teamId })} className="space-y-5">
          <Field
            label={
              <>
                Type <span className="font-semibold">{teamName}</span> to confirm
              </>
            }
            name="confirmName"
            autoComplete="off"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            error={remove.errors.confirmName}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => setDialog(null)}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" disabled={typed.trim() !== teamName} pending={remove.pending}>
              Delete team forever
            </Button>
          </div>
        </form>
      </Dialog>
    </div>
  )
}
