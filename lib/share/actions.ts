'use server'

import { revalidatePath } from 'next/cache'
import { teamAction } from '@/lib/listings/guard'
import type { ActionResult } from '@/lib/safe-action'
import { setShared, setShowcase } from './sharing'

const share = teamAction(setShared)
const showcase = teamAction(setShowcase)

export async function shareVideo(teamId: string, videoId: string, input: { shared: boolean }): Promise<ActionResult<{ shareId: string; shared: boolean }>> {
  const result = await share(teamId, videoId, input)
  if (result.ok) revalidatePath(`/dashboard/${teamId}`, 'layout')
  return result
}

export async function submitToShowcase(teamId: string, videoId: string, input: { submit: boolean }): Promise<ActionResult<{ showcase: string }>> {
  const result = await showcase(teamId, videoId, input)
  if (result.ok) revalidatePath(`/dashboard/${teamId}`, 'layout')
  return result
}
