import { z } from 'zod'
import { MAX_PHOTOS } from '@/remotion/constants'

/*
 * The narrate actions' inputs (browser and server). A request speaks up to MAX_PHOTOS scenes, each
 * script up to 600 characters (the scene schema's own limit).
 */

export const NARRATION_TEXT_MAX = 600

export const narrateScenesSchema = z.object({
  voiceId: z.uuid({ message: 'Choose a voice for this video first.' }),
  scenes: z
    .array(
      z.object({
        id: z.string().min(1).max(64),
        script: z
          .string()
          .trim()
          .min(1, { message: 'Write a script for this scene first.' })
          .max(NARRATION_TEXT_MAX, { message: `Keep a scene’s script to ${NARRATION_TEXT_MAX} characters or fewer.` }),
      }),
    )
    .min(1, { message: 'Choose a scene to narrate.' })
    .max(MAX_PHOTOS, { message: `Narrate up to ${MAX_PHOTOS} scenes at a time.` }),
})
export type NarrateScenesInput = z.input<typeof narrateScenesSchema>

export const generateSampleSchema = z.object({ id: z.uuid({ message: 'That voice id is not valid. Reload the page.' }) })
