'use server'

import { revalidatePath } from 'next/cache'
import { isAdmin } from '@/lib/auth/user'
import { teamAction } from '@/lib/listings/guard'
import { Refusal, type Db } from '@/lib/listings/refusal'
import { ActionError, userAction, type ActionResult } from '@/lib/safe-action'
import { takeNarrationRequest, takeNarrationSynthesis } from './limits'
import { narrateScenes as narrateLogic, type NarrateResult } from './narrate'
import { generateSample } from './sample'
import { generateSampleSchema, type NarrateScenesInput } from './schema'
import { serverProviders } from './server-providers'
import { narrateStoredVideo, type NarrateVideoInput, type VideoNarrationResult } from './video'

/*
 * Narration's server actions. narrateScenes speaks scenes of a video (the input parsed with
 * narrateScenesSchema inside the logic, as the signed-in member, rate limited); the editor applies
 * the answer to its document. generateVoiceSample is the admin page's "Generate sample".
 */

const narrate = teamAction(async (db, userId, teamId: string, videoId: string, input: NarrateScenesInput) => {
  await takeNarrationRequest(userId)
  return narrateLogic(db, teamId, videoId, input, {
    providers: serverProviders(),
    beforeSynthesis: () => takeNarrationSynthesis(teamId),
  })
})

/** Speaks the scenes' scripts with the voice (from the cache when already spoken). */
export async function narrateScenes(teamId: string, videoId: string, input: NarrateScenesInput): Promise<ActionResult<NarrateResult>> {
  return narrate(teamId, videoId, input)
}

const narrateVideoLogic = teamAction(async (db, userId, teamId: string, videoId: string, input: NarrateVideoInput) => {
  await takeNarrationRequest(userId)
  return narrateStoredVideo(db, teamId, videoId, input, {
    providers: serverProviders(),
    beforeSynthesis: () => takeNarrationSynthesis(teamId),
  })
})

/**
 * Speaks a stored video's missing or stale scenes (up to `max`) with its voice and stores them in the
 * video (the create page calls it a few scenes at a time, showing the progress, before the editor opens).
 */
export async function narrateVideo(teamId: string, videoId: string, input: NarrateVideoInput): Promise<ActionResult<VideoNarrationResult>> {
  return narrateVideoLogic(teamId, videoId, input)
}

/** Speaks the sample sentence with the voice's provider and makes it the voice's sample. */
export const generateVoiceSample = userAction(generateSampleSchema, async (input, { supabase }) => {
  if (!(await isAdmin())) throw new ActionError('Only site administrators can manage voices.')
  try {
    const result = await generateSample(supabase as unknown as Db, input, serverProviders())
    revalidatePath('/admin/dev/voices')
    return result
  } catch (error) {
    if (error instanceof Refusal) throw new ActionError(error.message, error.fieldErrors)
    throw error
  }
})
