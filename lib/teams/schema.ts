import { z } from 'zod'
import { INVITATION_ROLES, TEAM_NAME, TEAM_ROLES } from '@/lib/constants'

/*
 * One schema per form, shared by the form (client validation, field errors) and the server action
 * (the real check). The database enforces the same rules again; these only make the errors friendly.
 */

export { TEAM_ROLES, INVITATION_ROLES, type TeamRole, type InvitationRole } from '@/lib/constants'
const TEAM_NAME_MIN = TEAM_NAME.min
const TEAM_NAME_MAX = TEAM_NAME.max

/** Any 8-4-4-4-12 hex id; a malformed id in a URL is a not-found, never a database error. */
export const idSchema = z.guid({ message: 'That id is not valid.' })

export const teamNameSchema = z
  .string({ message: 'Enter a team name.' })
  .trim()
  .min(TEAM_NAME_MIN, { message: `A team name needs at least ${TEAM_NAME_MIN} characters.` })
  .max(TEAM_NAME_MAX, { message: `A team name can have at most ${TEAM_NAME_MAX} characters.` })

export const emailSchema = z
  .string({ message: 'Enter an email address.' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Enter a valid email address, like name@agency.com.' }))

export const createTeamSchema = z.object({ name: teamNameSchema })

export const renameTeamSchema = z.object({ teamId: idSchema, name: teamNameSchema })

export const inviteMemberSchema = z.object({
  teamId: idSchema,
  email: emailSchema,
  role: z.enum(INVITATION_ROLES, { message: 'Choose admin or member.' }),
})

export const changeMemberRoleSchema = z.object({
  teamId: idSchema,
  userId: idSchema,
  role: z.enum(TEAM_ROLES, { message: 'Choose owner, admin or member.' }),
})

export const removeMemberSchema = z.object({ teamId: idSchema, userId: idSchema })

export const revokeInvitationSchema = z.object({ teamId: idSchema, invitationId: idSchema })

export const acceptInvitationSchema = z.object({
  token: z.string().trim().regex(/^[0-9a-f]{16,128}$/i, { message: 'This invitation link is not valid.' }),
})

export const declineInvitationSchema = z.object({ invitationId: idSchema })

export const leaveTeamSchema = z.object({ teamId: idSchema })

/** Deleting asks for the team's name typed out; the action compares it with the stored name. */
export const deleteTeamSchema = z.object({
  teamId: idSchema,
  confirmName: z.string().trim().min(1, { message: 'Type the team name to confirm.' }),
})

export type CreateTeamInput = z.input<typeof createTeamSchema>
export type InviteMemberInput = z.input<typeof inviteMemberSchema>
