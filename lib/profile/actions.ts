'use server'

import { revalidatePath } from 'next/cache'
import { headers } from 'next/headers'
import { AVATARS } from '@/lib/constants'
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
 * The browser uploads the image straight to storage (for progress); this records the new path
 * and then removes the previous file, so a failed save never leaves the profile without a picture.
 */
export const updateAvatar = userAction(avatarPathSchema, async ({ avatarPath }, { supabase, user }) => {
  if (avatarPath && !avatarPath.startsWith(`${user.id}/`)) throw new ActionError('That image is not yours.')
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
  const h = await headers()
  const origin = h.get('origin') ?? `http://${h.get('host') ?? 'localhost:3000'}`
  const { data, error } = await supabase.auth.updateUser(
    { email },
    { emailRedirectTo: `${origin}/auth/callback?next=${encodeURIComponent('/dashboard')}` },
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

export const changePassword = userAction(changePasswordSchema, async ({ password }, { supabase }) => {
  const { error } = await supabase.auth.updateUser({ password })
  if (error) {
    if (error.code === 'same_password') {
      throw new ActionError('Choose a password you have not used here before.', { password: 'Use a new password.' })
    }
    if (error.code === 'weak_password') throw new ActionError(error.message, { password: error.message })
    throw new ActionError(error.message)
  }
  return { changed: true }
})
