import type { SupabaseClient } from '@supabase/supabase-js'
import { z } from 'zod'
import type { Database } from '@/lib/database.types'
import { MEDIA } from '@/lib/constants'
import { collectMediaRefs, refPath, withMediaUrls } from '@/lib/videos/media-refs'
import { signablePath } from '@/lib/media/signable'
import { validateVideoProps } from '@/lib/videos/schema'
import { assertMediaSources } from './media-sources'
import { completeProps, compositionId, isTemplateId, outNameFor } from '@/remotion/catalog'
import { LAMBDA_CODECS, type LambdaCodec, type LambdaRenderer } from './lambda-client'
import { crfFor } from './quality'

/*
 * Starting a queued Lambda run (right after queue_lambda_render, in the same server action): the
 * props snapshot with its media refs turned into signed URLs, renderMediaOnLambda with a signed
 * webhook, then start_lambda_render_run records where the render lives. If Lambda refuses or cannot
 * be reached, the run fails and fail_render_run refunds its credit once.
 */

type Service = SupabaseClient<Database>

/** The webhook route, under the configured public address (SITE_URL). */
export const LAMBDA_WEBHOOK_PATH = '/api/renders/lambda-webhook'

/** Signed media URLs must outlive the render on Lambda (its functions time out well before this). */
const MEDIA_URL_SECONDS = 3 * 3600

/** File extensions by codec, as the local worker names its files. */
export const LAMBDA_EXTENSIONS: Record<LambdaCodec, string> = {
  h264: 'mp4', h265: 'mp4', vp8: 'webm', vp9: 'webm', gif: 'gif', mp3: 'mp3', aac: 'aac', wav: 'wav', prores: 'mov',
}

/** The columns of a run the Lambda path reads, checked before use. */
export const lambdaRunSchema = z.object({
  id: z.uuid(),
  team_id: z.uuid(),
  video_id: z.uuid().nullable(),
  renderer: z.literal('lambda'),
  status: z.enum(['queued', 'rendering', 'encoding', 'uploading', 'succeeded', 'failed', 'canceled']),
  template: z.string(),
  format: z.string(),
  codec: z.string(),
  quality: z.enum(['standard', 'high']),
  fps: z.number().int().positive(),
  total_frames: z.number().int().positive(),
  props: z.unknown(),
  created_at: z.string(),
  lambda_render_id: z.string().nullable(),
  lambda_bucket: z.string().nullable(),
  lambda_out_name: z.string().nullable(),
  lambda_webhook: z.enum(['success', 'error', 'timeout']).nullable(),
})
export type LambdaRun = z.infer<typeof lambdaRunSchema>
export const LAMBDA_RUN_COLUMNS = Object.keys(lambdaRunSchema.shape).join(', ')

export const START_FAILED =
  'The render could not be started on our render service. Your credit was refunded; try again, and tell us if it happens again.'

type Log = (...parts: unknown[]) => void

/** Starts `runId` on Lambda; answers a message for the person when it could not (the run then failed, refunded). */
export async function startLambdaRender(
  db: Service,
  lambda: LambdaRenderer,
  runId: string,
  siteUrl: string,
  log: Log = console.error,
): Promise<{ ok: true; renderId: string } | { ok: false; error: string }> {
  const fail = async (message: string, cause?: unknown) => {
    log(`[lambda] run ${runId} could not start:`, cause ?? message)
    const failed = await db.rpc('fail_render_run', { p_run_id: runId, p_message: message })
    if (failed.error) log(`[lambda] could not record the failure of run ${runId}:`, failed.error.message)
    return { ok: false as const, error: message }
  }
  const { data, error } = await db.from('render_runs').select(LAMBDA_RUN_COLUMNS).eq('id', runId).maybeSingle()
  if (error) return fail(START_FAILED, error.message)
  const parsed = lambdaRunSchema.safeParse(data)
  if (!parsed.success) return fail(START_FAILED, `run ${runId} is not a Lambda run: ${parsed.error.message}`)
  const run = parsed.data
  if (run.status !== 'queued' || run.lambda_render_id) return { ok: false, error: 'That render has already started or ended.' }

  const codec = LAMBDA_CODECS.find((c) => c === run.codec)
  if (!codec) return fail('This format cannot be rendered on our render service. Your credit was refunded; choose another format.')
  if (!isTemplateId(run.template)) return fail(START_FAILED, `unknown template ${run.template}`)
  const checked = validateVideoProps(run.template, run.format, run.props, run.team_id)
  if (!checked.ok) return fail('This video needs repair before it can render. Your credit was refunded.', checked.error)
  // the same media rule as the local worker (issue 24): references and bundled files only
  try {
    assertMediaSources(checked.props)
  } catch (error) {
    return fail('This video needs repair before it can render. Your credit was refunded.', error instanceof Error ? error.message : String(error))
  }

  const refs = collectMediaRefs(checked.props)
  // the service key signs only files in the team's own folder of the media bucket
  const outside = refs.find((ref) => !signablePath(refPath(ref), run.team_id))
  if (outside) return fail('This video needs repair before it can render. Your credit was refunded.', `${outside} lies outside the team's folder`)
  const urls: Record<string, string> = {}
  if (refs.length) {
    const signed = await db.storage.from(MEDIA.bucket).createSignedUrls(refs.map(refPath), MEDIA_URL_SECONDS)
    if (signed.error) return fail(START_FAILED, signed.error.message)
    for (const [i, ref] of refs.entries()) {
      const url = signed.data?.[i]?.signedUrl
      if (!url) return fail('A picture or track of this video could not be loaded (was it deleted?). Your credit was refunded.', ref)
      urls[ref] = url
    }
  }
  const props = completeProps(run.template, withMediaUrls(checked.props, urls))
  const outName = `${outNameFor(run.template, run.format, checked.props)}.${LAMBDA_EXTENSIONS[codec]}`

  let started: { renderId: string; bucketName: string }
  try {
    started = await lambda.start({
      composition: compositionId(run.template, run.format),
      inputProps: props as unknown as Record<string, unknown>,
      codec,
      crf: crfFor(codec, run.quality),
      outName,
      webhookUrl: new URL(LAMBDA_WEBHOOK_PATH, siteUrl).toString(),
      runId: run.id,
    })
  } catch (cause) {
    return fail(START_FAILED, cause)
  }
  const recorded = await db.rpc('start_lambda_render_run', {
    p_run_id: run.id, p_render_id: started.renderId, p_bucket: started.bucketName, p_out_name: outName,
  })
  if (recorded.error) return fail(START_FAILED, recorded.error.message)
  // false: canceled while Lambda was being called; the credit is back, and the webhook for this
  // render will find no run to finish (Lambda still renders it: cancelling on AWS is not wired yet)
  if (!recorded.data) log(`[lambda] run ${run.id} was canceled while starting; render ${started.renderId} is ignored`)
  return { ok: true, renderId: started.renderId }
}
