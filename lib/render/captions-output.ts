import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '@/lib/database.types'
import { captionFiles } from '@/lib/captions/files'
import type { Timeline } from '@/remotion/duration'
import type { VideoProps } from '@/remotion/schema'
import { RENDERS_BUCKET } from './outcome'

/*
 * The caption files of a finished render, uploaded beside its video and poster as
 * `{folder}/captions.srt` and `{folder}/captions.vtt`, from the same cues the templates draw and the
 * frames actually rendered. Only for a video whose narration carries word timings; null otherwise.
 * Both the local worker and the Lambda completion call it; an upload error fails the run like the
 * video's own upload would (the caller removes what was uploaded).
 */

export type CaptionPaths = { srt: string; vtt: string }

export async function uploadCaptionFiles(
  db: SupabaseClient<Database>,
  folder: string,
  props: Pick<VideoProps, 'scenes'>,
  timeline: Timeline,
  frames: { from?: number; to?: number } = {},
  uploaded: string[] = [],
): Promise<CaptionPaths | null> {
  const files = captionFiles(props, timeline, frames)
  if (!files) return null
  const bucket = db.storage.from(RENDERS_BUCKET)
  const paths = { srt: `${folder}/captions.srt`, vtt: `${folder}/captions.vtt` }
  for (const [path, body, type] of [
    [paths.srt, files.srt, 'application/x-subrip'],
    [paths.vtt, files.vtt, 'text/vtt'],
  ] as const) {
    const up = await bucket.upload(path, Buffer.from(body, 'utf8'), { contentType: `${type}; charset=utf-8`, upsert: true })
    if (up.error) throw new Error(`uploading the captions failed: ${up.error.message}`)
    uploaded.push(path)
  }
  return paths
}
