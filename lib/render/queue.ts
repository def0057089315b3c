import { idSchema } from '@/lib/listings/fields'
import { parseOrRefuse, refuse, Refusal, type Db } from '@/lib/listings/refusal'
import { validateVideoProps } from '@/lib/videos/schema'
import { timelineFor, type TemplateId } from '@/remotion/catalog'
import type { VideoFormat } from '@/remotion/constants'
import { renderSettingsFor } from '@/remotion/render-settings'
import type { Tables } from '@/lib/database.types'
import { renderRequestSchema, type RenderRunView } from './codecs'
import { brandingLeakMessage, brandingLeaks } from './unbranded'
import type { NarrateDeps } from '@/lib/narration/narrate'
import { missingNarration, missingNarrationMessage, narrateStoredVideo } from '@/lib/narration/video'

export type { RenderRunView } from './codecs'

/*
 * Render requests as the signed-in user. The template's zod schema runs here (SQL cannot run it);
 * the SQL function then checks that the video is still the version validated, the codec rules and
 * the credit, and takes the credit with the run in one transaction (queue_render).
 */

export async function queueRender(
  db: Db, _userId: string, teamId: unknown, videoId: unknown, input: unknown,
  // set by the server from its configuration (lambdaConfig), never by the browser
  renderer: 'local' | 'lambda' = 'local',
  // the server's voices: scenes whose narration is missing or stale are spoken before queuing;
  // without them such a video is refused with what is missing (never rendered silent)
  speech: NarrateDeps | null = null,
): Promise<{ runId: string }> {
  const team = parseOrRefuse(idSchema, teamId)
  const id = parseOrRefuse(idSchema, videoId)
  const { codec, quality, unbranded } = parseOrRefuse(renderRequestSchema, input ?? {})
  if (speech) await narrateStoredVideo(db, team, id, {}, speech)
  const { data: video, error } = await db.from('videos').select('id, template, format, props, version, voice_id').eq('id', id).eq('team_id', team).maybeSingle()
  if (error) refuse(error)
  if (!video) throw new Refusal('That video no longer exists, or it belongs to another team.')
  const checked = validateVideoProps(video.template, video.format, video.props, team)
  if (!checked.ok) throw new Refusal(`This video needs repair before it can render: ${checked.error}`)
  const unspoken = missingNarrationMessage(missingNarration(checked.props, video.voice_id))
  if (unspoken) throw new Refusal(`${unspoken} Speak them in the editor (Narrate scenes), or choose “No narration”, then render.`)
  // validateVideoProps has checked the template and format
  const settings = renderSettingsFor(video.format as VideoFormat, timelineFor(video.template as TemplateId, checked.props), codec)
  if (!settings.ok) throw new Refusal(settings.errors[0])
  // an unbranded cut that would still say or show the agent's name is refused before it costs a credit
  const leak = unbranded ? brandingLeakMessage(brandingLeaks(checked.props)) : null
  if (leak) throw new Refusal(leak)
  // queue_lambda_render: the same checks and credit, and renderer = 'lambda' in the same transaction
  const { data: runId, error: queueError } = await db.rpc(renderer === 'lambda' ? 'queue_lambda_render' : 'queue_render', {
    p_video_id: id,
    p_expected_version: video.version,
    p_codec: codec,
    p_total_frames: settings.settings.durationInFrames,
    p_quality: quality,
    p_unbranded: unbranded,
  })
  if (queueError) {
    if (/Not enough credits/.test(queueError.message)) {
      throw new Refusal('Your team has no credits left. Add credits on the account page to render.')
    }
    refuse(queueError)
  }
  return { runId: runId as string }
}

export async function cancelRender(db: Db, _userId: string, teamId: unknown, runId: unknown): Promise<{ runId: string }> {
  parseOrRefuse(idSchema, teamId)
  const id = parseOrRefuse(idSchema, runId)
  const { error } = await db.rpc('cancel_render', { p_run_id: id })
  if (error) refuse(error)
  return { runId: id }
}

export const RUN_COLUMNS =
  'id, status, stage, progress, rendered_frames, encoded_frames, reused_frames, total_frames, codec, fps, error_message, output_bytes, ' +
  'duration_s, created_at, started_at, finished_at, requested_by, output_path, poster_path, quality, renderer, unbranded, ' +
  'captions_srt_path, captions_vtt_path'

/**
 * The video's runs, newest first. Only the newest finished run gets signed URLs (file, poster, and
 * a download under the file's own name, which the worker gave it from the composition's out name):
 * the page shows that one; the history shows statuses.
 */
export async function fetchRenderRuns(db: Db, teamId: string, videoId: string, limit = 10): Promise<RenderRunView[]> {
  const { data, error } = await db
    .from('render_runs')
    .select(RUN_COLUMNS)
    .eq('team_id', teamId)
    .eq('video_id', videoId)
    .order('created_at', { ascending: false })
    .limit(limit)
  if (error) refuse(error)
  const rows = data as unknown as Tables<'render_runs'>[]
  const views: RenderRunView[] = rows.map(({ output_path: _o, poster_path: _p, captions_srt_path: _s, captions_vtt_path: _v, ...view }) => ({
    ...view, videoUrl: null, posterUrl: null, downloadUrl: null, captionsSrtUrl: null, captionsVttUrl: null,
  }))
  const newest = rows.findIndex((r) => r.status === 'succeeded' && r.output_path)
  if (newest < 0) return views
  const { output_path: output, poster_path: poster, captions_srt_path: srt, captions_vtt_path: vtt } = rows[newest]
  const bucket = db.storage.from('renders')
  // caption files download under the video's own name: 12-harbour-view-rd-classic-tour-landscape.srt
  const base = output!.split('/').pop()!.replace(/\.[^.]+$/, '')
  const none = Promise.resolve({ data: null })
  const [video, still, download, srtUrl, vttUrl] = await Promise.all([
    bucket.createSignedUrl(output!, 3600),
    poster ? bucket.createSignedUrl(poster, 3600) : none,
    bucket.createSignedUrl(output!, 3600, { download: output!.split('/').pop()! }),
    srt ? bucket.createSignedUrl(srt, 3600, { download: `${base}.srt` }) : none,
    vtt ? bucket.createSignedUrl(vtt, 3600, { download: `${base}.vtt` }) : none,
  ])
  views[newest] = {
    ...views[newest], videoUrl: video.data?.signedUrl ?? null, posterUrl: still.data?.signedUrl ?? null, downloadUrl: download.data?.signedUrl ?? null,
    captionsSrtUrl: srtUrl.data?.signedUrl ?? null, captionsVttUrl: vttUrl.data?.signedUrl ?? null,
  }
  return views
}
