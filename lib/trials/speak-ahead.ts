import type { Db } from '@/lib/listings/refusal'
import { applyNarrations, narrationState } from '@/lib/narration/apply'
import type { NarrateDeps } from '@/lib/narration/narrate'
import { validateVideoProps } from '@/lib/videos/schema'
import type { SceneNarration } from '@/remotion/schema'
import { narrateTrialProps } from './narration'
import { trialFolder } from './paths'
import { parseTrialProject, TRIAL_COLUMNS, type TrialProject } from './project'

/*
 * The trial's scenes are spoken while the visitor looks at their project page, not inside the Render
 * click. The look step (template, format, narrator) fixes every scene's script and voice — the project
 * page edits only captions and order — so the action that saves the look schedules this after its
 * answer has gone (next/server `after`). The clips land in the visitor's folder as Render would make
 * them (narrateTrialProps); the props are then updated only where the project still has that script
 * and that voice, with the row's updated_at as the version, so a caption saved meanwhile is never
 * overwritten (the update is retried on the newer row). Render then finds the scenes spoken. When it
 * comes first, it waits for the speaking under way here (same server) instead of speaking twice.
 */

const inFlight = new Map<string, Promise<SpeakAheadOutcome>>()

export type SpeakAheadOutcome = 'spoken' | 'nothing to speak' | 'changed meanwhile'

/**
 * Speaks the project's scenes and stores them on the project. Runs for one project follow each other:
 * a look changed while the last one was being spoken is spoken next, from the project as it is then.
 */
export function speakTrialAhead(db: Db, ownerId: string, projectId: string, deps: NarrateDeps): Promise<SpeakAheadOutcome> {
  const before = inFlight.get(projectId)
  const run: Promise<SpeakAheadOutcome> = (before ? before.catch(() => undefined) : Promise.resolve())
    .then(() => speak(db, ownerId, projectId, deps))
    .finally(() => {
      if (inFlight.get(projectId) === run) inFlight.delete(projectId)
    })
  inFlight.set(projectId, run)
  return run
}

/** Waits for the speaking under way for this project, if any (Render does); true when it waited. Never rejects. */
export async function speakingUnderWay(projectId: string): Promise<boolean> {
  const running = inFlight.get(projectId)
  if (!running) return false
  await running.catch(() => undefined)
  return true
}

async function load(db: Db, projectId: string): Promise<{ project: TrialProject; stamp: string } | null> {
  const { data, error } = await db.from('trial_projects').select(`${TRIAL_COLUMNS}, updated_at`).eq('id', projectId).maybeSingle()
  if (error || !data) return null
  const stamp = (data as { updated_at?: unknown }).updated_at
  return typeof stamp === 'string' ? { project: parseTrialProject(data), stamp } : null
}

async function speak(db: Db, ownerId: string, projectId: string, deps: NarrateDeps): Promise<SpeakAheadOutcome> {
  const start = (await load(db, projectId))?.project
  if (!start?.props || !start.voice_id || start.owner_id !== ownerId) return 'nothing to speak'
  const narrated = await narrateTrialProps(db, ownerId, start.props, start.voice_id, deps)
  if (narrated === start.props) return 'nothing to speak'
  const spoken = new Map<string, SceneNarration>()
  for (const scene of narrated.scenes) if (scene.narration) spoken.set(scene.id, scene.narration)

  for (let attempt = 0; attempt < 3; attempt++) {
    // read again: the speaking took seconds, and the visitor may have saved their captions meanwhile
    const now = await load(db, projectId)
    const project = now?.project
    if (!now || !project?.props || !project.template || !project.format || !project.voice_id) return 'changed meanwhile'
    // a clip goes where the scene as it is now has that script and that voice, and is not spoken yet
    const fits: Record<string, SceneNarration> = {}
    for (const scene of project.props.scenes) {
      const clip = spoken.get(scene.id)
      if (clip && narrationState({ script: scene.script, narration: clip }, project.voice_id) === 'current' && narrationState(scene, project.voice_id) !== 'current') fits[scene.id] = clip
    }
    if (!Object.keys(fits).length) return 'changed meanwhile'
    const checked = validateVideoProps(project.template, project.format, { ...project.props, scenes: applyNarrations(project.props.scenes, fits) }, trialFolder(ownerId))
    if (!checked.ok) return 'changed meanwhile'
    const { data, error } = await db
      .from('trial_projects')
      .update({ props: checked.props as never })
      .eq('id', projectId)
      .eq('updated_at', now.stamp)
      .select('id')
    if (error) throw new Error(`could not store the trial narration: ${error.message}`)
    if (data.length) return 'spoken'
  }
  return 'changed meanwhile'
}
