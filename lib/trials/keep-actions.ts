'use server'

import { revalidatePath } from 'next/cache'
import { teamAction } from '@/lib/listings/guard'
import { takeNarrationSynthesis } from '@/lib/narration/limits'
import { serverProviders } from '@/lib/narration/server-providers'
import { importTrialProject } from './import'
import type { ImportTrialInput } from './schema'

/*
 * Keeping the trial, for signed-in (non-anonymous) people only: teamAction checks the session, the
 * logic parses the input with importTrialSchema and runs as the person (storage policies, then
 * import_trial_project, which checks ownership and membership itself).
 */

// the imported video's scenes are spoken into the team's clips (the team's synthesis limit applies)
const run = teamAction((db, userId, input: ImportTrialInput) =>
  importTrialProject(db, userId, input, { providers: serverProviders(), beforeSynthesis: () => takeNarrationSynthesis(String((input as { teamId?: unknown } | null)?.teamId ?? '')) }),
)

export async function importTrial(input: ImportTrialInput) {
  const result = await run(input)
  if (result.ok) revalidatePath(`/dashboard/${result.data.teamId}`, 'layout')
  return result
}
