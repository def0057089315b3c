import 'server-only'
import { z } from 'zod'
import type { User } from '@supabase/supabase-js'
import { getSessionUser } from '@/lib/auth/user'
import { MEDIA } from '@/lib/constants'
import { idSchema } from '@/lib/listings/fields'
import type { Db } from '@/lib/listings/refusal'
import { runProgressSchema } from '@/lib/render/progress-view'
import { RENDERS_BUCKET } from '@/lib/render/outcome'
import { createClient } from '@/lib/supabase/server'
import { sampleUrl } from '@/lib/voices/queries'
import { collectMediaRefs, mediaRef, refPath } from '@/lib/videos/media-refs'
import type { VideoProps } from '@/remotion/schema'
import { trialThumbPath } from './paths'

/* What the try pages read, as the visitor (their anonymous session; RLS shows them only their own). */

export async function trialSession(): Promise<{ user: User; db: Db } | null> {
  const user = await getSessionUser()
  if (!user) return null
  return { user, db: (await createClient()) as unknown as Db }
}

export interface PhotoView {
  path: string
  url: string | null
  thumbUrl: string | null
}

/** Signed URLs for photos and their thumbnails (one request for all). */
export async function photoViews(db: Db, paths: string[]): Promise<PhotoView[]> {
  if (!paths.length) return []
  const thumbs = paths.map((p) => trialThumbPath(p) ?? p)
  const { data } = await db.storage.from(MEDIA.bucket).createSignedUrls([...paths, ...thumbs], MEDIA.signedUrlSeconds)
  const urls = new Map((data ?? []).flatMap((d) => (d.path && d.signedUrl && !d.error ? [[d.path, d.signedUrl]] : [])))
  return paths.map((path, i) => ({ path, url: urls.get(path) ?? null, thumbUrl: urls.get(thumbs[i]) ?? urls.get(path) ?? null }))
}

/** media ref → signed URL for the refs in the props (full size for the Player; `thumbs` for the small previews). */
export async function propsUrls(db: Db, props: VideoProps | null, size: 'full' | 'thumb' = 'full'): Promise<Record<string, string>> {
  const refs = collectMediaRefs(props)
  const views = await photoViews(db, refs.map(refPath))
  return Object.fromEntries(views.flatMap((v) => {
    const url = size === 'thumb' ? v.thumbUrl : v.url
    return url ? [[mediaRef(v.path), url]] : []
  }))
}

const trialRunSchema = runProgressSchema.extend({
  trial_project_id: z.uuid(),
  requested_by: z.uuid(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  fps: z.number().int().positive(),
  output_path: z.string().nullable(),
  poster_path: z.string().nullable(),
  output_bytes: z.number().nullable(),
})

export type TrialRun = Omit<z.output<typeof trialRunSchema>, 'output_path' | 'poster_path'> & {
  videoUrl: string | null
  posterUrl: string | null
  downloadUrl: string | null
}

const TRIAL_RUN_COLUMNS = Object.keys(trialRunSchema.shape).join(', ')

/** One of the visitor's trial runs with signed URLs of its file once it succeeded; null when not theirs. */
export async function loadTrialRun(db: Db, runId: string): Promise<TrialRun | null> {
  if (!idSchema.safeParse(runId).success) return null
  const { data, error } = await db.from('render_runs').select(TRIAL_RUN_COLUMNS).eq('id', runId).not('trial_project_id', 'is', null).maybeSingle()
  if (error) throw new Error(`could not read the trial run: ${error.message}`)
  if (!data) return null
  const { output_path: output, poster_path: poster, ...run } = trialRunSchema.parse(data)
  if (run.status !== 'succeeded' || !output) return { ...run, videoUrl: null, posterUrl: null, downloadUrl: null }
  const bucket = db.storage.from(RENDERS_BUCKET)
  const [video, still, download] = await Promise.all([
    bucket.createSignedUrl(output, 3600),
    poster ? bucket.createSignedUrl(poster, 3600) : Promise.resolve({ data: null }),
    bucket.createSignedUrl(output, 3600, { download: output.split('/').pop()! }),
  ])
  return { ...run, videoUrl: video.data?.signedUrl ?? null, posterUrl: still.data?.signedUrl ?? null, downloadUrl: download.data?.signedUrl ?? null }
}

/** The visitor's trial runs of a project, newest first (ids and statuses: where the project page links). */
export async function trialRunsOf(db: Db, projectId: string): Promise<{ id: string; status: string }[]> {
  const { data, error } = await db
    .from('render_runs')
    .select('id, status')
    .eq('trial_project_id', projectId)
    .order('created_at', { ascending: false })
  if (error) throw new Error(`could not read the trial runs: ${error.message}`)
  return z.array(z.object({ id: z.uuid(), status: z.string() })).parse(data)
}

/** The visitor's own trial render (any project): one per person, so this is the one that counts. */
export async function countingTrialRun(db: Db, userId: string): Promise<{ id: string; status: string; trial_project_id: string } | null> {
  const { data, error } = await db
    .from('render_runs')
    .select('id, status, trial_project_id')
    .eq('requested_by', userId)
    .not('trial_project_id', 'is', null)
    .not('status', 'in', '(failed,canceled)')
    .limit(1)
  if (error) throw new Error(`could not read the trial runs: ${error.message}`)
  return z.array(z.object({ id: z.uuid(), status: z.string(), trial_project_id: z.uuid() })).parse(data)[0] ?? null
}

/** Active voices for the video step, each with its sample (the catalogue may be empty). */
export async function trialVoices(db: Db): Promise<{ id: string; name: string; language: string; gender: string; provider_voice_id: string; sampleUrl: string | null }[]> {
  const { data, error } = await db.from('voices').select('id, name, language, gender, provider_voice_id, sample_path').eq('is_active', true).order('sort_order').order('name')
  if (error) return []
  const rows = z.array(z.object({ id: z.uuid(), name: z.string(), language: z.string(), gender: z.string(), provider_voice_id: z.string(), sample_path: z.string().nullable() })).catch([]).parse(data)
  return rows.map(({ sample_path, ...voice }) => ({ ...voice, sampleUrl: sampleUrl(db, sample_path) }))
}

const snapshotSchema = z.object({ template: z.string(), format: z.string(), props: z.record(z.string(), z.unknown()) })

/** Whether a trial run rendered exactly what the project holds now (template, format, scenes and facts). */
export async function trialRunMatches(db: Db, runId: string, project: { template: string | null; format: string | null; props: VideoProps | null }): Promise<boolean> {
  const { data, error } = await db.from('render_runs').select('template, format, props').eq('id', runId).maybeSingle()
  if (error) throw new Error(`could not read the trial run: ${error.message}`)
  const run = snapshotSchema.nullable().parse(data)
  if (!run || !project.props) return false
  const { watermark: _a, ...rendered } = run.props
  const { watermark: _b, ...current } = project.props as unknown as Record<string, unknown>
  return run.template === project.template && run.format === project.format && stable(rendered) === stable(current)
}

function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`).join(',')}}`
  }
  return JSON.stringify(value ?? null)
}
