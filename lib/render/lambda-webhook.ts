import { createHmac, timingSafeEqual } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { z } from 'zod'
import type { Database } from '@/lib/database.types'
import { settleLambdaRun } from './lambda-outcome'

/*
 * The webhook Remotion Lambda calls when a render ends (app/api/renders/lambda-webhook/route.ts).
 * Order matters: the raw body is read (with a size cap) and its signature checked before anything
 * is parsed; only then is it parsed with a schema, and the run it names is settled once
 * (lib/render/lambda-outcome.ts; a success is then copied by a render worker, never here:
 * worker/lambda-finish.ts). Remotion signs `sha512=` + HMAC-SHA512(secret, raw body) in
 * X-Remotion-Signature (the same computation as validateWebhookSignature from @remotion/lambda,
 * which re-serialises a parsed body; we compare against the bytes received, in constant time).
 */

type Service = SupabaseClient<Database>

/** Remotion's payloads are a few kilobytes (errors carry stacks); anything far larger is not one. */
const MAX_BODY_BYTES = 1_000_000

const common = {
  renderId: z.string().min(1).max(200),
  bucketName: z.string().min(3).max(63),
  customData: z.object({ runId: z.uuid() }),
}
export const webhookPayloadSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('success'), ...common }),
  z.object({
    type: z.literal('error'),
    ...common,
    errors: z.array(z.object({ message: z.string().max(10_000) })).max(100).default([]),
  }),
  z.object({ type: z.literal('timeout'), ...common }),
])

/** Remotion's signature of `body` (exported for tests and the local fake). */
export function signWebhookBody(secret: string, body: string): string {
  return `sha512=${createHmac('sha512', secret).update(body).digest('hex')}`
}

export function signatureMatches(secret: string, body: string, header: string | null): boolean {
  if (!header) return false
  const expected = Buffer.from(signWebhookBody(secret, body))
  const given = Buffer.from(header)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

async function readCapped(request: Request): Promise<string | null> {
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) return null
  if (!request.body) return ''
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > MAX_BODY_BYTES) {
      await reader.cancel()
      return null
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { 'cache-control': 'no-store' } })

export async function handleLambdaWebhook(
  request: Request,
  deps: { db: Service; secret: string; log?: (...parts: unknown[]) => void },
): Promise<Response> {
  const log = deps.log ?? console.error
  const raw = await readCapped(request)
  if (raw === null) return json({ error: 'Payload too large' }, 413)
  if (!signatureMatches(deps.secret, raw, request.headers.get('x-remotion-signature'))) {
    return json({ error: 'Invalid signature' }, 401)
  }
  let body: unknown
  try {
    body = JSON.parse(raw)
  } catch {
    return json({ error: 'The body is not JSON' }, 400)
  }
  const parsed = webhookPayloadSchema.safeParse(body)
  if (!parsed.success) return json({ error: 'Not a Remotion webhook payload' }, 400)
  const payload = parsed.data
  const outcome =
    payload.type === 'error'
      ? { type: 'error' as const, message: payload.errors.map((e) => e.message).join('\n') || 'Lambda reported an error' }
      : { type: payload.type }
  try {
    const result = await settleLambdaRun(deps.db, payload.customData.runId, payload.renderId, outcome, log)
    // 'ignored': already settled by an earlier report, or not this render's run; either way a
    // retry would change nothing, so Remotion is told it arrived
    return json({ ok: true, result })
  } catch (error) {
    log('[lambda] webhook failed', error)
    // a 5xx makes Remotion retry; the run is taken again only after take_lambda_outcome's grace period
    return json({ error: 'Could not record the render' }, 500)
  }
}
