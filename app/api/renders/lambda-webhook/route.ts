import { lambdaConfig } from '@/lib/env'
import { handleLambdaWebhook } from '@/lib/render/lambda-webhook'
import { createAdminClient } from '@/lib/supabase/admin'

// Remotion Lambda's webhook (docs/renders.md, "Remotion Lambda"). No session: the signature is the
// only credential, checked in handleLambdaWebhook before the body is parsed. The service key is
// used because the caller is AWS, not a person; it only settles the run the signed body names.
export const dynamic = 'force-dynamic'

export async function POST(request: Request) {
  const config = lambdaConfig()
  if (!config) return Response.json({ error: 'Remotion Lambda is not configured here' }, { status: 404 })
  return handleLambdaWebhook(request, { db: createAdminClient(), secret: config.webhookSecret })
}
