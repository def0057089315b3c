'use client'

import { useRouter } from 'next/navigation'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { useActionForm } from '@/components/dashboard/use-action-form'
import { createTeam } from '@/lib/teams/actions'
import { createTeamSchema } from '@/lib/teams/schema'
import { TEAM_NAME } from '@/lib/constants'

export function CreateTeamForm({ autoFocus = true }: { autoFocus?: boolean }) {
  const router = useRouter()
  const form = useActionForm(
    createTeamSchema,
    createTeam,
    { loading: 'Creating your team…', success: () => 'Team created — your welcome credits are ready' },
    ({ teamId }) => router.push(`/dashboard/${teamId}`),
  )
  return (
    <form method="post" noValidate onSubmit={form.onSubmit()} className="space-y-5">
      <Field
        label="Team name"
        name="name"
        placeholder="e.g. Harbour Realty"
        autoComplete="organization"
        maxLength={TEAM_NAME.max + 10}
        autoFocus={autoFocus}
        error={form.errors.name}
        hint="Usually your agency or office. You can change it later."
      />
      <Button type="submit" size="lg" className="w-full" pending={form.pending}>
        Create team
      </Button>
    </form>
  )
}
