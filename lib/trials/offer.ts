import 'server-only'
import { z } from 'zod'
import { idSchema } from '@/lib/listings/fields'
import { refuse, type Db } from '@/lib/listings/refusal'
import { parseTrialProject, TRIAL_COLUMNS } from './project'
import { photoViews } from './queries'

// owner_id too: site administrators may read every trial, and only the owner's own can be kept
function importable(db: Db, ownerId: string, columns: string, projectId?: string | null) {
  const query = db
    .from('trial_projects')
    .select(columns)
    .eq('owner_id', ownerId)
    .is('claimed_video_id', null)
    .not('props', 'is', null)
    .gt('expires_at', new Date().toISOString())
  return (projectId ? query.eq('id', projectId) : query).order('created_at', { ascending: false }).limit(1)
}

/**
 * The trial project a sign-up came from, read from the page it started on: `/try/progress/{run}`
 * (the finished render's "Sign up to keep it": the run's project) or `/try/{project}`. Only a
 * well-formed id, and only the caller's own (RLS answers nothing for anyone else's); null otherwise.
 */
export async function trialProjectOfPath(db: Db, nextPath: string): Promise<string | null> {
  const path = nextPath.split(/[?#]/)[0]
  const run = /^\/try\/progress\/([^/]+)$/.exec(path)?.[1]
  const project = run ? null : /^\/try\/([^/]+)$/.exec(path)?.[1]
  const id = run ?? project
  if (!id || !idSchema.safeParse(id).success) return null
  if (project) return project
  const { data, error } = await db.from('render_runs').select('trial_project_id').eq('id', run!).maybeSingle()
  if (error) refuse(error)
  const parsed = z.object({ trial_project_id: z.uuid().nullable() }).nullable().safeParse(data)
  return parsed.success ? (parsed.data?.trial_project_id ?? null) : null
}

/**
 * The id of the visitor's trial that sign-up brings into a team: the one they signed up from
 * (`fromPath`, issue 26: the newest could be another, unrendered project) when it can still be
 * brought in, else their newest that can.
 */
export async function importableTrialId(db: Db, ownerId: string, fromPath?: string): Promise<string | null> {
  const source = fromPath ? await trialProjectOfPath(db, fromPath) : null
  if (source) {
    const { data, error } = await importable(db, ownerId, 'id', source)
    if (error) refuse(error)
    const found = (data[0] as unknown as { id: string } | undefined)?.id
    if (found) return found
  }
  const { data, error } = await importable(db, ownerId, 'id')
  if (error) refuse(error)
  return (data[0] as unknown as { id: string } | undefined)?.id ?? null
}

/** What the team creation page and the team home show of a trial that can still be brought in. */
export interface TrialOffer {
  projectId: string
  title: string
  thumbUrl: string | null
  photoCount: number
}

/**
 * The signed-in person's trial that can be imported: the one asked for (`?import=`), else their
 * newest. Only their own, live, not yet kept, with a drafted video; null otherwise.
 */
export async function trialToImport(db: Db, ownerId: string, projectId?: string | null): Promise<TrialOffer | null> {
  if (projectId && !idSchema.safeParse(projectId).success) return null
  const { data, error } = await importable(db, ownerId, TRIAL_COLUMNS, projectId)
  if (error) refuse(error)
  if (!data[0]) return null
  const project = parseTrialProject(data[0])
  const [cover] = await photoViews(db, project.photos.slice(0, 1))
  return { projectId: project.id, title: project.title, thumbUrl: cover?.thumbUrl ?? null, photoCount: project.photos.length }
}
