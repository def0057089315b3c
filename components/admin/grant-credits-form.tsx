'use client'

import { useRef } from 'react'
import { Coins } from 'lucide-react'
import { useActionForm } from '@/components/dashboard/use-action-form'
import { SelectField, TextareaField } from '@/components/listings/select-field'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { grantCreditsAction } from '@/lib/admin/actions'
import { grantCreditsSchema } from '@/lib/admin/schema'
import { ADMIN_GRANT } from '@/lib/constants'
import { plural } from '@/lib/plural'

interface TeamChoice {
  id: string
  name: string
  balance: number
}

/** Credits for one of the person's teams, with the reason the team will read in its credit history. */
export function GrantCreditsForm({ userId, teams }: { userId: string; teams: TeamChoice[] }) {
  const formRef = useRef<HTMLFormElement>(null)
  const nameOf = (teamId: string) => teams.find((t) => t.id === teamId)?.name ?? 'the team'
  const teamIdRef = useRef(teams[0]?.id ?? '')
  const form = useActionForm(
    grantCreditsSchema,
    grantCreditsAction,
    {
      loading: 'Granting credits…',
      success: (data) => `Granted ${plural(data.amount, 'credit')} to ${nameOf(teamIdRef.current)}`,
      successDescription: (data) => `Its balance is now ${data.balance.toLocaleString('en-US')}. The team sees your note in its credit history.`,
    },
    // a grant that went through clears the amount and note; a refused one keeps them
    () => formRef.current?.reset(),
  )
  return (
    <form
      ref={formRef}
      method="post"
      noValidate
      onSubmit={(event) => {
        teamIdRef.current = String(new FormData(event.currentTarget).get('teamId') ?? '')
        form.onSubmit({ userId })(event)
      }}
      className="space-y-4"
    >
      <SelectField label="Team" name="teamId" defaultValue={teams[0]?.id} error={form.errors.teamId}>
        {teams.map((team) => (
          <option key={team.id} value={team.id}>
            {/* one string: an <option> holds text only, and React's separate text parts (with their
                marker comments) came back from the HTML parser as one, a hydration mismatch */}
            {`${team.name} (${plural(team.balance, 'credit')})`}
          </option>
        ))}
      </SelectField>
      <Field
        label="Credits"
        name="amount"
        type="number"
        inputMode="numeric"
        min={ADMIN_GRANT.min}
        max={ADMIN_GRANT.max}
        step={1}
        placeholder="10"
        error={form.errors.amount}
        hint={`${ADMIN_GRANT.min} to ${ADMIN_GRANT.max.toLocaleString('en-US')} at a time.`}
      />
      <TextareaField
        label="Note"
        name="note"
        rows={3}
        maxLength={ADMIN_GRANT.noteMax}
        placeholder="Why, e.g. “Make-good for the outage on 3 March”"
        error={form.errors.note}
        hint="Required. The team reads it in its credit history; the audit log keeps it too."
      />
      <Button type="submit" pending={form.pending} className="w-full">
        <Coins aria-hidden /> Grant credits
      </Button>
    </form>
  )
}
