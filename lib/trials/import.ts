import { MEDIA } from '@/lib/constants'
import { parseOrRefuse, refuse, Refusal, type Db } from '@/lib/listings/refusal'
import { folderFor } from '@/lib/media/kinds'
import type { NarrateDeps } from '@/lib/narration/narrate'
import { narrateStoredVideo } from '@/lib/narration/video'
import type { VideoProps } from '@/remotion/schema'
import { seedTeamClips } from './import-clips'
import { withoutNarration } from './narration'
import { trialPhotoId, trialThumbPath } from './paths'
import { importTrialSchema } from './schema'
import { loadTrialProject } from './steps'

/*
 * Keeping the trial: one trial project becomes a listing with its photos and a video in a team.
 * Runs as the (now permanent) user. The files are copied first — storage lets the owner read their
 * trials folder and a member write the team's — then import_trial_project checks everything and
 * writes every row in one transaction. If any copy or the function fails, the copies made so far are
 * removed: nothing points at a file that is missing, and no row exists without its files.
 */

export interface ImportedTrial {
  teamId: string
  listingId: string
  videoId: string
}

const GONE = 'That trial project no longer exists. Start a new trial from the try page.'

interface Copy {
  from: string
  to: string
  /** a thumbnail may be missing (the listing then shows the photo itself); a photo may not */
  optional: boolean
}

/** Where each trial photo and thumbnail goes: the listing's folder, a fresh upload id each. */
function planCopies(userId: string, teamId: string, listingId: string, photos: string[]): { copies: Copy[]; targets: string[] } {
  const copies: Copy[] = []
  const targets = photos.map((path) => {
    const thumb = trialThumbPath(path)
    if (!trialPhotoId(path, userId) || !thumb) throw new Refusal('This trial has a photo from somewhere else. Remove it on the trial pages and try again.')
    const upload = crypto.randomUUID()
    const target = `${folderFor(teamId, 'photo', listingId)}/${upload}/${path.split('/').pop()}`
    copies.push({ from: path, to: target, optional: false }, { from: thumb, to: `${teamId}/thumbs/${upload}.webp`, optional: true })
    return target
  })
  return { copies, targets }
}

async function removeCopies(db: Db, paths: string[]) {
  if (!paths.length) return
  const { error } = await db.storage.from(MEDIA.bucket).remove(paths)
  if (error) console.error('[trials] could not remove the copies of a failed import', paths, error.message)
}

/** Copies two at a time; answers the paths copied, or removes them and throws at the first failure. */
async function copyAll(db: Db, copies: Copy[]): Promise<string[]> {
  const storage = db.storage.from(MEDIA.bucket)
  const done: string[] = []
  let failed: string | null = null
  let next = 0
  const worker = async () => {
    while (!failed && next < copies.length) {
      const copy = copies[next++]
      const { error } = await storage.copy(copy.from, copy.to)
      if (!error) done.push(copy.to)
      else if (!copy.optional) failed = `${copy.from}: ${error.message}`
      else console.warn('[trials] a trial thumbnail could not be copied', copy.from, error.message)
    }
  }
  await Promise.all([worker(), worker()])
  if (failed) {
    await removeCopies(db, done)
    console.error('[trials] a trial photo could not be copied', failed)
    throw new Refusal("The trial's photos could not be copied into the team. Try again in a moment.")
  }
  return done
}

/** The trial's clips live in the visitor's folder, which a team's video may not point at: the import takes the props without them. */
async function setTrialProps(db: Db, projectId: string, props: VideoProps) {
  const { error } = await db.from('trial_projects').update({ props: props as never }).eq('id', projectId)
  if (error) refuse(error)
}

export async function importTrialProject(db: Db, userId: string, input: unknown, speech: NarrateDeps | null = null): Promise<ImportedTrial> {
  const { projectId, teamId } = parseOrRefuse(importTrialSchema, input)
  const project = await loadTrialProject(db, projectId)
  if (!project || project.owner_id !== userId) throw new Refusal(GONE)
  if (project.claimed_video_id) throw new Refusal('This trial is already in one of your teams.')
  if (new Date(project.expires_at) <= new Date()) throw new Refusal('This trial has expired (trials are kept for 7 days), so it can no longer be brought into a team.')
  if (!project.props) throw new Refusal('This trial has no video yet. Finish it on the trial pages first.')
  const { data: team, error: teamError } = await db.from('teams').select('id').eq('id', teamId).maybeSingle()
  if (teamError) refuse(teamError)
  if (!team) throw new Refusal('You can only bring a trial into a team you belong to.')

  const listingId = crypto.randomUUID()
  const { copies, targets } = planCopies(userId, teamId, listingId, project.photos)
  const copied = await copyAll(db, copies)
  const narrated = project.props.scenes.some((scene) => scene.narration)
  if (narrated) await setTrialProps(db, projectId, withoutNarration(project.props))
  const { data, error } = await db.rpc('import_trial_project', {
    p_project_id: projectId,
    p_team_id: teamId,
    p_listing_id: listingId,
    p_photos: targets,
  })
  const row = data?.[0]
  // the trial keeps its own clips (its page and its render stay as they were)
  if (narrated) await setTrialProps(db, projectId, project.props).catch((e) => console.error('[trials] could not put the trial narration back', e))
  if (error || !row) {
    await removeCopies(db, copied)
    if (error) refuse(error, 'You can only bring a trial into a team you belong to.')
    throw new Error('import_trial_project answered no row')
  }
  // the team's video is narrated too, with the team's own clips: the trial's clips are copied into the
  // team's clip cache (import-clips.ts), so the narration below finds them and speaks only what they
  // do not cover; a failure here leaves the import done, and Render speaks what is missing
  if (project.voice_id) {
    await seedTeamClips(db, userId, teamId, project.props, project.voice_id).catch((e) => console.error('[trials] the trial clips could not be copied', e))
  }
  if (speech && project.voice_id) {
    await narrateStoredVideo(db, teamId, row.video_id, {}, speech).catch((e) => console.error('[trials] the imported video could not be narrated now', e))
  }
  return { teamId, listingId: row.listing_id, videoId: row.video_id }
}
