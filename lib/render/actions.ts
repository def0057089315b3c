'use server'

import { revalidatePath } from 'next/cache'
import { idSchema } from '@/lib/listings/fields'
import { lambdaConfig, siteUrl } from '@/lib/env'
import { teamAction } from '@/lib/listings/guard'
import { parseOrRefuse } from '@/lib/listings/refusal'
import type { ActionResult } from '@/lib/safe-action'
import { createAdminClient } from '@/lib/supabase/admin'
import { takeNarrationSynthesis } from '@/lib/narration/limits'
import { serverProviders } from '@/lib/narration/server-providers'
import { remotionLambda } from './lambda-client'
import { startLambdaRender } from './lambda-start'
import { cancelRender as cancelLogic, fetchRenderRuns, queueRender, type RenderRunView } from './queue'

/* Render requests from the video page (lib/render/queue.ts holds the checks). */

// scenes not yet spoken are spoken before the render is queued (the synthesis rate limit applies)
const queue = teamAction((db, userId, teamId: string, videoId: string, input: unknown, renderer: 'local' | 'lambda') =>
  queueRender(db, userId, teamId, videoId, input, renderer, { providers: serverProviders(), beforeSynthesis: () => takeNarrationSynthesis(teamId) }),
)
const cancel = teamAction(cancelLogic)
const list = teamAction(async (db, _userId, teamId: unknown, videoId: unknown) =>
  fetchRenderRuns(db, parseOrRefuse(idSchema, teamId), parseOrRefuse(idSchema, videoId)),
)

export async function renderVideo(teamId: string, videoId: string, input: { codec?: string }): Promise<ActionResult<{ runId: string }>> {
  // Lambda when configured (all of its settings), else the local worker
  const lambda = lambdaConfig()
  const result = await queue(teamId, videoId, input, lambda ? 'lambda' : 'local')
  if (result.ok) revalidatePath(`/dashboard/${teamId}`, 'layout')
  if (!result.ok || !lambda) return result
  // the service key starts it: signing the props' media and recording the Lambda render id are
  // the server's, after the person's own queue_lambda_render took the credit
  const started = await startLambdaRender(createAdminClient(), remotionLambda(lambda), result.data.runId, siteUrl())
  return started.ok ? result : { ok: false, error: started.error }
}

export async function cancelVideoRender(teamId: string, runId: string): Promise<ActionResult<{ runId: string }>> {
  const result = await cancel(teamId, runId)
  if (result.ok) revalidatePath(`/dashboard/${teamId}`, 'layout')
  return result
}

/** The video's runs with fresh signed URLs (the page's fallback when the realtime socket is down, and after a run ends). */
export async function listRenderRuns(teamId: string, videoId: string): Promise<ActionResult<RenderRunView[]>> {
  return list(teamId, videoId)
}
