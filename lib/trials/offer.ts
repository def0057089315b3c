import 'server-only'
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

/** The id of the visitor's newest trial that can be brought into a team (sign-up sends them to it). */
export async function importableTrialId(db: Db, ownerId: string): Promise<string | null> {
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
