import { z } from 'zod'
import { VOICE_GENDERS, VOICES } from '@/lib/constants'
import { formatMegabytes } from '@/lib/media/kinds'

/*
 * The voice catalogue's shapes: the admin form (browser and server), the admin actions' inputs, and
 * the rows read back from the database. The SQL functions repeat the form's rules
 * (private.voice_fields_ok) with the same sentences.
 */

export const LANGUAGE_TAG = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/
export const PROVIDER_NAME = /^[a-z0-9][a-z0-9_-]{0,39}$/

const voiceId = z.uuid({ message: 'That voice id is not valid. Reload the page.' })

export const voiceFormSchema = z.object({
  name: z
    .string({ message: 'Give the voice a name.' })
    .trim()
    .min(1, { message: 'Give the voice a name.' })
    .max(VOICES.nameMax, { message: `Keep the name to ${VOICES.nameMax} characters or fewer.` }),
  language: z
    .string({ message: 'Give the language.' })
    .trim()
    .regex(LANGUAGE_TAG, { message: 'Give the language as a BCP-47 tag such as en-US or pt-BR.' }),
  gender: z.enum(VOICE_GENDERS, { message: 'Choose female, male or neutral.' }),
  provider: z
    .string({ message: 'Give the provider.' })
    .trim()
    .regex(PROVIDER_NAME, { message: 'Give the provider as a short lower-case name such as flite.' }),
  providerVoiceId: z
    .string({ message: 'Give the provider’s voice id.' })
    .trim()
    .min(1, { message: 'Give the provider’s voice id.' })
    .max(VOICES.providerVoiceIdMax, { message: `Keep the voice id to ${VOICES.providerVoiceIdMax} characters or fewer.` }),
})
export type VoiceFormInput = z.input<typeof voiceFormSchema>

export const createVoiceSchema = voiceFormSchema.extend({ isActive: z.boolean().default(true) })
export const updateVoiceSchema = voiceFormSchema.extend({ id: voiceId })
export const voiceRefSchema = z.object({ id: voiceId })
export const setVoiceActiveSchema = z.object({ id: voiceId, isActive: z.boolean({ message: 'Say whether the voice is active.' }) })
export const moveVoiceSchema = z.object({ id: voiceId, direction: z.enum(['up', 'down'], { message: 'Move a voice up or down.' }) })

const tooLarge = (name: string, bytes: number) =>
  `${name} is ${formatMegabytes(bytes)}; a sample can be up to ${VOICES.sampleMaxBytes / (1024 * 1024)} MB.`

export const prepareSampleSchema = z
  .object({
    voiceId,
    name: z.string({ message: 'The file needs a name.' }).trim().min(1, { message: 'The file needs a name.' }).max(200, { message: 'Shorten the file name to 200 characters or fewer.' }),
    bytes: z.number({ message: 'The file size is missing.' }).int().min(1, { message: 'The file is empty.' }),
    mime: z.string().trim().max(200).default(''),
  })
  .superRefine((v, ctx) => {
    if (v.bytes > VOICES.sampleMaxBytes) ctx.addIssue({ code: 'custom', path: ['bytes'], message: tooLarge(v.name, v.bytes) })
  })
export type PrepareSampleInput = z.input<typeof prepareSampleSchema>

export const finalizeSampleSchema = z.object({
  voiceId,
  path: z.string({ message: 'The upload path is missing.' }).min(1, { message: 'The upload path is missing.' }).max(500),
  name: z.string().trim().max(200).optional(),
})
export type FinalizeSampleInput = z.input<typeof finalizeSampleSchema>

export { tooLarge as sampleTooLarge }

/** A voices row as the database returns it. */
export const voiceRowSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  language: z.string(),
  gender: z.enum(VOICE_GENDERS),
  provider: z.string(),
  provider_voice_id: z.string(),
  sample_path: z.string().nullable(),
  is_active: z.boolean(),
  sort_order: z.number().int(),
})
export type VoiceRow = z.infer<typeof voiceRowSchema>

export const voiceUsageSchema = z.array(z.object({ voice_id: z.uuid(), videos: z.number().int(), trials: z.number().int() }))
