'use server'

import { teamAction } from '@/lib/listings/guard'
import type { ActionResult } from '@/lib/safe-action'
import { redraftVideoScripts, type RedraftResult } from './redraft'

const redraft = teamAction(redraftVideoScripts)

/** The scenes' narration drafted again from the listing (nothing stored; the editor applies it). */
export async function redraftScripts(teamId: string, videoId: string, input: { template: string; props: unknown }): Promise<ActionResult<RedraftResult>> {
  return redraft(teamId, videoId, input)
}
