'use client'

import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { useActionForm } from '@/components/dashboard/use-action-form'
import { TrialSummary, useTrialImport } from '@/components/try/trial-import'
import { capture } from '@/lib/analytics/browser'
import { createTeam } from '@/lib/teams/actions'
import { createTeamSchema } from '@/lib/teams/schema'
import { TEAM_NAME } from '@/lib/constants'
import type { TrialOffer } from '@/lib/trials/offer'

/** `trial`: a trial the person can bring into the new team (checked by default), imported once the team exists. */
export function CreateTeamForm({ autoFocus = true, trial }: { autoFocus?: boolean; trial?: TrialOffer | null }) {
  const router = useRouter()
  const importInto = useTrialImport()
  const [keepTrial, setKeepTrial] = useState(true)
  const form = useActionForm(
    createTeamSchema,
    createTeam,
    { loading: 'Creating your team…', success: () => 'Team created — your welcome credits are ready' },
    async ({ teamId }) => {
      capture('team_created', { team_id: teamId, imported_trial: Boolean(trial && keepTrial) })
      if (trial && keepTrial) await importInto(trial.projectId, teamId)
      else router.push(`/dashboard/${teamId}`)
    },
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
      {trial ? (
        <div className="space-y-3 rounded-lg border border-border bg-canvas p-3.5" data-testid="trial-import-offer">
          <TrialSummary trial={trial} />
          <label className="flex items-start gap-2.5 text-sm text-ink">
            <input
              type="checkbox"
              checked={keepTrial}
              onChange={(event) => setKeepTrial(event.target.checked)}
              className="mt-0.5 size-4 shrink-0 accent-brand-600"
            />
            <span>
              Bring this property and its video into the new team
              <span className="block text-xs text-muted">Its photos are copied into the team; render it there without the watermark.</span>
            </span>
          </label>
        </div>
      ) : null}
      <Button type="submit" size="lg" className="w-full" pending={form.pending}>
        Create team
      </Button>
    </form>
  )
}
