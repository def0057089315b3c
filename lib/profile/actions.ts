'use server'

import { revalidatePath } from 'next/cache'
import { AVATARS } from '@/lib/constants'
import { siteUrl } from '@/lib/env'
import { Refusal, type Db } from '@/lib/listings/refusal'
import { reencodeAvatar } from '@/lib/profile/avatar-image'
import { verifyCurrentPassword } from '@/lib/profile/current-password'
import { ActionError, userAction } from '@/lib/safe-action'
import { avatarPathSchema, changeEmailSchema, changePasswordSchema, profileNameSchema } from '@/lib/profile/schema'
import { failWith } from '@/lib/teams/errors'

export const updateProfileName = userAction(profileNameSchema, async ({ fullName }, { supabase, user }) => {
  const { data, error } = await supabase
    .from('profiles')
    .update({ full_name: fullName })
    .eq('id', user.id)
    .select('full_name')
  if (error) failWith(error)
  if (!data.length) throw new ActionError('Your profile could not be found. Please sign in again.')
  revalidatePath('/dashboard', 'layout')
  return { fullName }
})

/**
 * The browser uploads the image straight to storage (for progress); this re-encodes it (a clean
 * WebP under a new name, the upload removed: lib/profile/avatar-image.ts), records the new path and
 * then removes the previous file, so a failed save never leaves the profile without a picture.
 */
export const updateAvatar = userAction(avatarPathSchema, async ({ avatarPath: uploaded }, { supabase, user }) => {
  if (uploaded && !uploaded.startsWith(`${user.id}/`)) throw new ActionError('That image is not yours.')
  let avatarPath: string | null = null
  try {
    if (uploaded) avatarPath = await reencodeAvatar(supabase as unknown as Db, user.id, uploaded)
  } catch (error) {
    if (error instanceof Refusal) throw new ActionError(error.message)
    throw error
  }
  const { data: before } = await supabase.from('profiles').select('avatar_path').eq('id', user.id).single()
  const { data, error } = await supabase
    .from('profiles')
    .update({ avatar_path: avatarPath })
    .eq('id', user.id)
    .select('avatar_path')
  if (error) failWith(error)
  if (!data.length) throw new ActionError('Your profile could not be found. Please sign in again.')
  const previous = before?.avatar_path
  if (previous && previous !== avatarPath) {
    const { error: removeError } = await supabase.storage.from(AVATARS.bucket).remove([previous])
    if (removeError) console.warn('[profile] could not remove the previous avatar', removeError.message)
  }
  revalidatePath('/dashboard', 'layout')
  return { avatarPath }
})

export const changeEmail = userAction(changeEmailSchema, async ({ email }, { supabase, user }) => {
  if (email === user.email?.toLowerCase()) {
    throw new ActionError('That is already your email address.', { email: 'Enter a different address.' })
  }
  const { data, error } = await supabase.auth.updateUser(
    { email },
    { emailRedirectTo: `${siteUrl()}/auth/callback?next=${encodeURIComponent('/dashboard')}` },
  )
  if (error) {
    if (error.code === 'email_exists' || /already been registered/i.test(error.message)) {
      throw new ActionError('Another account already uses that email.', { email: 'Choose another address.' })
    }
    throw new ActionError(error.message)
  }
  revalidatePath('/dashboard', 'layout')
  // With email confirmation on, the change waits for the link; with autoconfirm it is immediate.
  const changed = data.user?.email?.toLowerCase() === email
  return { email, pendingConfirmation: !changed }
})

/**
 * A new password needs the current one (checked here, whatever the auth server's settings), and,
 * when the auth server asks for it (secure password change on and a session older than a day), the
 * 6-digit code it emails: then the first attempt sends the code and the form asks for it.
 */
export const changePassword = userAction(changePasswordSchema, async ({ currentPassword, password, nonce }, { supabase, user }) => {
  if (!user.email) throw new ActionError('Your account has no email address, so it has no password to change.')
  await verifyCurrentPassword(user.email, currentPassword)
  const { error } = await supabase.auth.updateUser(nonce ? { password, nonce } : { password })
  if (error) {
    if (error.code === 'reauthentication_needed') {
      const sent = await supabase.auth.reauthenticate()
      if (sent.error) throw new ActionError(sent.error.status === 429 ? 'Too many codes sent. Try again in a few minutes.' : sent.error.message)
      throw new ActionError(`We emailed a 6-digit code to ${user.email}. Enter it to confirm the change.`, {
        nonce: 'Enter the code from the email.',
      })
    }
    if (error.code === 'reauthentication_not_valid') {
      throw new ActionError('That code is wrong or has expired.', { nonce: 'Check the code, or submit again for a new one.' })
    }
    if (error.code === 'same_password') {
      throw new ActionError('Choose a password you have not used here before.', { password: 'Use a new password.' })
    }
    if (error.code === 'weak_password') throw new ActionError(error.message, { password: error.message })
    throw new ActionError(error.message)
  }
  return { changed: true }
})
