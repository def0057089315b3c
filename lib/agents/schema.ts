import { z } from 'zod'
import { AGENT } from '@/lib/constants'
import { idSchema, optionalText, requiredText } from '@/lib/listings/fields'

/*
 * One schema for the agent form and the server. Brand colours are stored lower-case `#rrggbb`
 * (what a colour input produces); `#ABC123` and `abc123` are accepted and normalised.
 */

export { idSchema }

const brandColorSchema = z
  .union([z.string(), z.null(), z.undefined()], { message: 'Choose a brand colour.' })
  .transform((v) => {
    const t = typeof v === 'string' ? v.trim().toLowerCase() : ''
    if (!t) return null
    return t.startsWith('#') ? t : `#${t}`
  })
  .pipe(
    z
      .string()
      .regex(/^#[0-9a-f]{6}$/, { message: 'Enter the brand colour as a hex code, like #1a73e8.' })
      .nullable(),
  )
  .default(null)

const emailSchema = optionalText('the email', AGENT.emailMax).pipe(
  z.email({ message: 'Enter a valid email address, like name@agency.com.' }).nullable(),
).default(null)

const phoneSchema = optionalText('the phone number', AGENT.phoneMax).pipe(
  z
    .string()
    .regex(/^\+?[0-9 ()./-]{5,}$/, { message: 'Enter the phone number with digits, spaces, +, -, ( or ) only.' })
    .nullable(),
).default(null)

/** A storage path in the team's media folder (the action checks the folder is this team's). */
const mediaPathSchema = optionalText('the file path', 500)

export const agentSchema = z.object({
  fullName: requiredText('the agent’s name', AGENT.fullNameMax),
  title: optionalText('the job title', AGENT.titleMax),
  email: emailSchema,
  phone: phoneSchema,
  brokerage: optionalText('the brokerage', AGENT.brokerageMax),
  licenseNo: optionalText('the licence number', AGENT.licenseNoMax),
  brandColor: brandColorSchema,
  photoPath: mediaPathSchema,
  logoPath: mediaPathSchema,
})

export type AgentInput = z.input<typeof agentSchema>
export type AgentValues = z.output<typeof agentSchema>
