import { lambdaConfig } from '@/lib/env'
import { remotionLambda } from '@/lib/render/lambda-client'
import { handleRenderProgress } from '@/lib/render/lambda-progress'
import { createAdminClient } from '@/lib/supabase/admin'
import { createClient } from '@/lib/supabase/server'

// A render's progress for the video page (docs/renders.md). The run is read with the caller's own
// session first (RLS: not theirs → 404); only then, for a Lambda run in progress, does the service
// key write what getRenderProgress said, so realtime carries it to everyone watching.
export const dynamic = 'force-dynamic'

export async function GET(_request: Request, context: { params: Promise<{ run_id: string }> }) {
  const { run_id: runId } = await context.params
  const user = await createClient()
  const { data } = await user.auth.getClaims()
  if (!data?.claims) return Response.json({ error: 'Sign in first' }, { status: 401, headers: { 'cache-control': 'no-store' } })
  const config = lambdaConfig()
  return handleRenderProgress(runId, {
    user,
    service: config ? createAdminClient() : null,
    lambda: config ? remotionLambda(config) : null,
  })
}
