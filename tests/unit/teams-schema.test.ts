import { describe, expect, it } from 'vitest'
import {
  acceptInvitationSchema,
  changeMemberRoleSchema,
  createTeamSchema,
  deleteTeamSchema,
  idSchema,
  inviteMemberSchema,
} from '@/lib/teams/schema'
import { avatarFileProblem, avatarPathSchema, changeEmailSchema, changePasswordSchema, profileNameSchema } from '@/lib/profile/schema'

const teamId = '5b0c2a52-4a0e-4b8f-9f59-2c3b1d7e8a10'
const userId = '9e1f3c1d-2b6a-4f0e-8d7c-6a5b4c3d2e1f'

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : result.error!.issues[0].message
}

describe('team name', () => {
  it('trims the name before checking its length', () => {
    expect(createTeamSchema.parse({ name: '   Harbour Realty  ' })).toEqual({ name: 'Harbour Realty' })
  })

  it('refuses a name that is one character after trimming', () => {
    expect(firstMessage(createTeamSchema.safeParse({ name: '  A ' }))).toBe('A team name needs at least 2 characters.')
  })

  it('accepts 60 characters and refuses 61', () => {
    expect(createTeamSchema.safeParse({ name: 'x'.repeat(60) }).success).toBe(true)
    expect(firstMessage(createTeamSchema.safeParse({ name: 'x'.repeat(61) }))).toBe(
      'A team name can have at most 60 characters.',
    )
  })

  it('asks for a name when none is given', () => {
    expect(firstMessage(createTeamSchema.safeParse({}))).toBe('Enter a team name.')
  })
})

describe('invitation', () => {
  it('lower-cases and trims the email so one person gets one pending invitation', () => {
    expect(inviteMemberSchema.parse({ teamId, email: '  Jo.Smith@Agency.COM ', role: 'member' })).toEqual({
      teamId,
      email: 'jo.smith@agency.com',
      role: 'member',
    })
  })

  it('refuses an address without a domain', () => {
    expect(firstMessage(inviteMemberSchema.safeParse({ teamId, email: 'jo@', role: 'member' }))).toBe(
      'Enter a valid email address, like name@agency.com.',
    )
  })

  it('never invites someone straight in as owner', () => {
    expect(inviteMemberSchema.safeParse({ teamId, email: 'jo@agency.com', role: 'owner' }).success).toBe(false)
  })

  it('accepts only hex tokens from the email link', () => {
    expect(acceptInvitationSchema.safeParse({ token: 'a1'.repeat(24) }).success).toBe(true)
    expect(acceptInvitationSchema.safeParse({ token: "' or 1=1 --" }).success).toBe(false)
  })
})

describe('members and ids', () => {
  it('allows the three team roles and nothing else', () => {
    for (const role of ['owner', 'admin', 'member']) {
      expect(changeMemberRoleSchema.safeParse({ teamId, userId, role }).success).toBe(true)
    }
    expect(changeMemberRoleSchema.safeParse({ teamId, userId, role: 'superuser' }).success).toBe(false)
  })

  it('treats a malformed id as invalid rather than passing it to the database', () => {
    expect(idSchema.safeParse('not-a-team').success).toBe(false)
    expect(idSchema.safeParse(teamId).success).toBe(true)
  })

  it('asks for the typed team name before deleting', () => {
    expect(firstMessage(deleteTeamSchema.safeParse({ teamId, confirmName: '  ' }))).toBe('Type the team name to confirm.')
  })
})

describe('profile', () => {
  it('trims the name and refuses an empty one', () => {
    expect(profileNameSchema.parse({ fullName: '  Ada Lovelace ' })).toEqual({ fullName: 'Ada Lovelace' })
    expect(firstMessage(profileNameSchema.safeParse({ fullName: '   ' }))).toBe('Enter your name.')
  })

  it('normalises a new email address', () => {
    expect(changeEmailSchema.parse({ email: ' New@Example.TEST ' })).toEqual({ email: 'new@example.test' })
  })

  it('refuses a password shorter than 8 characters', () => {
    const result = changePasswordSchema.safeParse({ currentPassword: 'old-password-1', password: 'short', confirmPassword: 'short' })
    expect(firstMessage(result)).toBe('Use at least 8 characters.')
  })

  it('asks for the current password, and takes the emailed code only as six digits', () => {
    const base = { password: 'long-enough-1', confirmPassword: 'long-enough-1' }
    expect(firstMessage(changePasswordSchema.safeParse(base))).toBe('Enter your current password.')
    expect(changePasswordSchema.safeParse({ ...base, currentPassword: 'old', nonce: '' }).data?.nonce).toBeUndefined()
    expect(changePasswordSchema.safeParse({ ...base, currentPassword: 'old', nonce: ' 123456 ' }).data?.nonce).toBe('123456')
    expect(firstMessage(changePasswordSchema.safeParse({ ...base, currentPassword: 'old', nonce: '12ab56' }))).toBe('Enter the 6-digit code from the email.')
  })

  it('puts a mismatch error on the confirmation field', () => {
    const result = changePasswordSchema.safeParse({ currentPassword: 'old-password-1', password: 'long-enough-1', confirmPassword: 'long-enough-2' })
    expect(result.success).toBe(false)
    expect(result.error!.issues[0].path).toEqual(['confirmPassword'])
  })

  it('keeps avatars inside the owner folder', () => {
    expect(avatarPathSchema.safeParse({ avatarPath: `${userId}/avatar-1763790000000.png` }).success).toBe(true)
    expect(avatarPathSchema.safeParse({ avatarPath: `${userId}/upload-1763790000000.jpg` }).success).toBe(true)
    expect(avatarPathSchema.safeParse({ avatarPath: `${userId}/other-1.jpg` }).success).toBe(false)
    expect(avatarPathSchema.safeParse({ avatarPath: `../${userId}/avatar-1.png` }).success).toBe(false)
    expect(avatarPathSchema.safeParse({ avatarPath: null }).success).toBe(true)
  })

  it('explains why an avatar file is refused', () => {
    expect(avatarFileProblem({ type: 'image/gif', size: 10 })).toBe('Choose a JPEG, PNG or WebP image.')
    expect(avatarFileProblem({ type: 'image/png', size: 3 * 1024 * 1024 })).toBe('Choose an image under 2 MB.')
    expect(avatarFileProblem({ type: 'image/webp', size: 1024 })).toBeNull()
  })
})
