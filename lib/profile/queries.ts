import 'server-only'
import { cache } from 'react'
import { createClient } from '@/lib/supabase/server'

export type MyProfile = {
  id: string
  email: string | null
  fullName: string | null
  avatarPath: string | null
  lastTeamId: string | null
}

/** The signed-in user's own profile row (made by the sign-up trigger). */
export const getMyProfile = cache(async (userId: string): Promise<MyProfile | null> => {
  const supabase = await createClient()
  const { data, error } = await supabase
    .from('profiles')
    .select('id, email, full_name, avatar_path, last_team_id')
    .eq('id', userId)
    .maybeSingle()
  if (error) throw new Error(`Could not load your profile: ${error.message}`)
  if (!data) return null
  return {
    id: data.id,
    email: data.email,
    fullName: data.full_name,
    avatarPath: data.avatar_path,
    lastTeamId: data.last_team_id,
  }
})

/** Remembers the team the user last opened, so /dashboard returns them there. */
export async function rememberLastTeam(userId: string, teamId: string): Promise<void> {
  const supabase = await createClient()
  const { error } = await supabase.from('profiles').update({ last_team_id: teamId }).eq('id', userId)
  // a convenience only: never fail a page over it
  if (error) console.warn('[profile] could not remember the last team', error.message)
}
