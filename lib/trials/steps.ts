import { z } from 'zod'
import { parseOrRefuse, refuse, Refusal, type Db } from '@/lib/listings/refusal'
import { idSchema } from '@/lib/listings/fields'
import { validateVideoProps } from '@/lib/videos/schema'
import { timelineFor, type TemplateId } from '@/remotion/catalog'
import type { VideoFormat } from '@/remotion/constants'
import { renderSettingsFor } from '@/remotion/render-settings'
import type { VideoProps } from '@/remotion/schema'
import type { NarrateDeps } from '@/lib/narration/narrate'
import { narrateTrialProps } from './narration'
import { speakingUnderWay } from './speak-ahead'
import { trialFolder } from './paths'
import { draftTrialProps, keepSceneEdits, parseTrialProject, TRIAL_COLUMNS, type TrialProject } from './project'
import { chooseLookSchema, savePropertySchema, sceneEditsSchema, TRIAL } from './schema'

/*
 * The try flow's steps as the visitor (anonymous session; RLS keeps each to their own rows). Each
 * step is checked with its schema here, whatever the browser checked; the database checks again
 * (ownership, expiry, folders, the templates' props schema, one trial render).
 */

const beginSchema = z.object({ fresh: z.boolean().default(false) })
const GONE = 'That trial project no longer exists, or it has expired. Start a new one.'

export async function loadTrialProject(db: Db, projectId: string): Promise<TrialProject | null> {
  if (!idSchema.safeParse(projectId).success) return null
  const { data, error } = await db.from('trial_projects').select(TRIAL_COLUMNS).eq('id', projectId).maybeSingle()
  if (error) refuse(error)
  return data ? parseTrialProject(data) : null
}

async function liveProject(db: Db, projectId: string): Promise<TrialProject> {
  const project = await loadTrialProject(db, projectId)
  if (!project || new Date(project.expires_at) <= new Date()) throw new Refusal(GONE)
  return project
}

/** The visitor's newest live project, for "carry on where you left off". */
export async function latestTrialProject(db: Db): Promise<TrialProject | null> {
  const { data, error } = await db
    .from('trial_projects')
    .select(TRIAL_COLUMNS)
    .gt('expires_at', new Date().toISOString())
    .order('created_at', { ascending: false })
    .limit(1)
  if (error) refuse(error)
  return data[0] ? parseTrialProject(data[0]) : null
}

/** Carries on with the newest project, or starts one (`fresh`: always a new one; five at most). */
export async function beginTrialProject(db: Db, _userId: string, input: unknown): Promise<{ projectId: string }> {
  const { fresh } = parseOrRefuse(beginSchema, input ?? {})
  const latest = fresh ? null : await latestTrialProject(db)
  if (latest && !latest.claimed_video_id) return { projectId: latest.id }
  const { data, error } = await db.from('trial_projects').insert({}).select('id').single()
  if (error) refuse(error)
  return { projectId: data.id }
}

/** The property step: facts, photos in order (the ones uploaded to this project), captions. */
export async function saveTrialProperty(db: Db, _userId: string, input: unknown): Promise<{ projectId: string }> {
  const v = parseOrRefuse(savePropertySchema, input)
  const project = await liveProject(db, v.projectId)
  const known = new Set(project.photos)
  if (v.photos.some((p) => !known.has(p)) || v.photos.length !== known.size) {
    throw new Refusal('Some photos are still uploading or were removed. Wait for every photo to finish, then press Next again.', { photos: 'Wait for every photo to finish uploading.' })
  }
  const captions = Object.fromEntries(v.photos.flatMap((p) => (v.captions[p] ? [[p, v.captions[p]]] : [])))
  const { error } = await db
    .from('trial_projects')
    .update({ property: { ...v.property, captions }, photos: v.photos, title: v.property.title, props: null })
    .eq('id', project.id)
  if (error) refuse(error)
  return { projectId: project.id }
}

function checked(project: TrialProject, template: TemplateId, format: VideoFormat, props: VideoProps): VideoProps {
  const result = validateVideoProps(template, format, props, trialFolder(project.owner_id))
  if (!result.ok) throw new Refusal(result.error, result.fieldErrors)
  return result.props
}

/** The video step: template, format and voice; drafts the video from the property and photos. */
export async function chooseTrialLook(db: Db, _userId: string, input: unknown): Promise<{ projectId: string }> {
  const v = parseOrRefuse(chooseLookSchema, input)
  const project = await liveProject(db, v.projectId)
  if (!project.property || project.photos.length < TRIAL.minPhotos) {
    throw new Refusal(`Fill in the property and add at least ${TRIAL.minPhotos} photos first.`)
  }
  const props = checked(
    project,
    v.template,
    v.format,
    // the scene edits made on the project page (order, captions) carry over to the new look
    keepSceneEdits(
      draftTrialProps({ ownerId: project.owner_id, property: project.property, photos: project.photos, captions: project.captions, template: v.template, format: v.format }),
      project.props,
    ),
  )
  const { error } = await db
    .from('trial_projects')
    .update({ template: v.template, format: v.format, voice_id: v.voiceId, props: props as never })
    .eq('id', project.id)
  if (error) refuse(error, 'That voice is not available. Choose another one.')
  return { projectId: project.id }
}

function drafted(project: TrialProject): { template: TemplateId; format: VideoFormat; props: VideoProps } {
  if (!project.props || !project.template || !project.format) throw new Refusal('Choose a template and a format first.')
  return { template: project.template, format: project.format, props: project.props }
}

/** The project page's small edits: scene order and captions. */
export async function saveTrialScenes(db: Db, _userId: string, input: unknown): Promise<{ props: VideoProps }> {
  const v = parseOrRefuse(sceneEditsSchema, input)
  const project = await liveProject(db, v.projectId)
  const { template, format, props } = drafted(project)
  const byId = new Map(props.scenes.map((s) => [s.id, s]))
  if (v.scenes.length !== byId.size || v.scenes.some((s) => !byId.has(s.id))) {
    throw new Refusal('The scenes changed in another tab. Reload the page to see them.')
  }
  const scenes = v.scenes.map(({ id, caption }) => {
    const { caption: _old, ...scene } = byId.get(id)!
    return caption ? { ...scene, caption } : scene
  })
  const next = checked(project, template, format, { ...props, scenes })
  const { error } = await db.from('trial_projects').update({ props: next as never }).eq('id', project.id)
  if (error) refuse(error)
  return { props: next }
}

/** "Render my video": the single trial render (queue_trial_render: 720p, watermarked, one per person). */
export async function renderTrial(db: Db, _userId: string, projectId: unknown, speech: NarrateDeps | null = null): Promise<{ runId: string }> {
  const id = parseOrRefuse(idSchema, projectId)
  const project = await liveProject(db, id)
  const look = drafted(project)
  const { template, format } = look
  let props = look.props
  // narrated by default: the visitor's voice speaks every scene before the render snapshots the props.
  // Usually done already, since the look was chosen (speak-ahead.ts); if that is still under way on
  // this server, Render waits for it and reads the project again rather than speaking twice
  if (speech && project.voice_id) {
    if (await speakingUnderWay(id)) {
      const fresh = await liveProject(db, id)
      if (fresh.props && fresh.voice_id === project.voice_id) props = fresh.props
    }
    const narrated = await narrateTrialProps(db, project.owner_id, props, project.voice_id, speech)
    if (narrated !== props) {
      props = checked(project, template, format, narrated)
      const { error } = await db.from('trial_projects').update({ props: props as never }).eq('id', project.id)
      if (error) refuse(error)
    }
  }
  const settings = renderSettingsFor(format, timelineFor(template, checked(project, template, format, props)), 'h264')
  if (!settings.ok) throw new Refusal(settings.errors[0])
  const { data, error } = await db.rpc('queue_trial_render', { p_project_id: id, p_total_frames: settings.settings.durationInFrames })
  if (error) refuse(error)
  return { runId: data as string }
}

export async function cancelTrialRender(db: Db, _userId: string, runId: unknown): Promise<{ runId: string }> {
  const id = parseOrRefuse(idSchema, runId)
  const { error } = await db.rpc('cancel_trial_render', { p_run_id: id })
  if (error) refuse(error)
  return { runId: id }
}
