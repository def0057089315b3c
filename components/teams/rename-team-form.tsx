'use client'

import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { useActionForm } from '@/components/dashboard/use-action-form'
import { renameTeam } from '@/lib/teams/actions'
import { renameTeamSchema } from '@/lib/teams/schema'

export function RenameTeamForm({ teamId, name, canManage }: { teamId: string; name: string; canManage: boolean }) {
  const form = useActionForm(renameTeamSchema, renameTeam, {
    loading: 'Saving the team name…',
    success: (data) => `Team renamed to ${data.name}`,
  })
  return (
    <form method="post" noValidate onSubmit={form.onSubmit({ teamId })} className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <Field
        className="flex-1"
        label="Team name"
        name="name"
        defaultValue={name}
        disabled={!canManage}
        error={form.errors.name}
        hint={canManage ? 'Shown to your teammates and on invitations.' : 'Only owners and admins can rename the team.'}
      />
      {canManage ? (
        <Button type="submit" variant="outline" className="sm:mt-7" pending={form.pending}>
          Save
        </Button>
      ) : null}
    </form>
  )
}
