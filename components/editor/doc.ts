import type { TemplateId } from '@/remotion/catalog'
import { SCENE_SECONDS, type VideoFormat } from '@/remotion/constants'
import type { Agent, AudioTrack, PhotoScene, VideoProps } from '@/remotion/schema'

// The editor's document (what autosave stores) and every change the editor can make to it, as pure
// functions: each returns a new document and never mutates the old one, so undo is a stack of
// snapshots and the Player sees a new props object on every change.

/** Props of any template: the shared fields plus the three template options. */
export type EditorProps = VideoProps & { theme?: 'light' | 'dark'; hook?: string; tagline?: string }

export type EditorDoc = {
  title: string
  template: TemplateId
  format: VideoFormat
  voiceId: string | null
  props: EditorProps
}

export type Motion = NonNullable<PhotoScene['motion']>
export const MOTIONS: { id: Motion; label: string }[] = [
  { id: 'zoom-in', label: 'Zoom in' },
  { id: 'zoom-out', label: 'Zoom out' },
  { id: 'pan-left', label: 'Pan left' },
  { id: 'pan-right', label: 'Pan right' },
]

/** What the editor knows about the team's things (the page maps its data into these). */
export type EditorPhoto = { id: string; ref: string; url: string | null; thumbUrl: string | null; caption: string | null; name?: string }
export type EditorAudio = { id: string; name: string; ref: string; url: string | null; durationSeconds: number | null }
export type EditorVoice = { id: string; name: string; language: string; gender: string; sampleUrl?: string | null }
export type EditorAgent = {
  id: string
  fullName: string
  title: string | null
  phone: string | null
  email: string | null
  brokerage: string | null
  licenseNo: string | null
  brandColor: string | null
  photoRef: string | null
  logoRef: string | null
}

const TEMPLATE_OPTION_KEYS = { 'classic-tour': 'theme', 'social-reel': 'hook', 'luxury-estate': 'tagline' } as const
export const templateOptionKey = (template: TemplateId) => TEMPLATE_OPTION_KEYS[template]

/** A new track's levels; `duckVolume` (a quarter of the volume) is the music under a scene's narration. */
export const MUSIC_DEFAULTS = { volume: 0.6, duckVolume: 0.15, fadeInSeconds: 1, fadeOutSeconds: 2 } as const

// ---------------------------------------------------------------- generic helpers

/** Moves one item; out-of-range targets are clamped, the same index returns the same array. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const target = Math.min(Math.max(0, to), items.length - 1)
  if (from < 0 || from >= items.length || target === from) return items as T[]
  const next = items.slice()
  const [item] = next.splice(from, 1)
  next.splice(target, 0, item)
  return next
}

const withProps = (doc: EditorDoc, props: EditorProps): EditorDoc => ({ ...doc, props })

/** Drops keys whose value is undefined, so a cleared field is absent from the stored props. */
function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T
}

// ---------------------------------------------------------------- top level

export const setTitle = (doc: EditorDoc, title: string): EditorDoc => ({ ...doc, title })
export const setFormat = (doc: EditorDoc, format: VideoFormat): EditorDoc => ({ ...doc, format })
export const setVoice = (doc: EditorDoc, voiceId: string | null): EditorDoc => ({ ...doc, voiceId })

/** Another template: its own option starts empty, the others' options are dropped. */
export function setTemplate(doc: EditorDoc, template: TemplateId): EditorDoc {
  if (template === doc.template) return doc
  const props: EditorProps = { ...doc.props }
  delete props.theme
  delete props.hook
  delete props.tagline
  return { ...doc, template, props }
}

export function setTemplateOption(doc: EditorDoc, value: string): EditorDoc {
  const key = templateOptionKey(doc.template)
  const props: EditorProps = { ...doc.props }
  if (key === 'theme') props.theme = value === 'dark' ? 'dark' : 'light'
  else if (value === '') delete props[key]
  else props[key] = value
  return withProps(doc, props)
}

export function setTitleCard(doc: EditorDoc, field: 'heading' | 'subheading', value: string): EditorDoc {
  const titleCard = compact({ ...doc.props.titleCard, [field]: value === '' ? undefined : value })
  return withProps(doc, { ...doc.props, titleCard })
}

export type ShowKey = 'price' | 'facts' | 'features'
/** Each card is shown unless switched off (absent means shown). */
export const isShown = (props: EditorProps, key: ShowKey) => props.show?.[key] !== false

export function setShow(doc: EditorDoc, key: ShowKey, shown: boolean): EditorDoc {
  return withProps(doc, { ...doc.props, show: { ...doc.props.show, [key]: shown } })
}

export function setBrandColor(doc: EditorDoc, color: string | undefined): EditorDoc {
  const props: EditorProps = { ...doc.props }
  if (color === undefined) delete props.brandColor
  else props.brandColor = color
  return withProps(doc, props)
}

/** A typed colour: "#1D4ED8", "1d4ed8" or "#1d4" become "#1d4ed8"; anything else is null. */
export function normalizeHex(input: string): string | null {
  const raw = input.trim().replace(/^#/, '')
  if (/^[0-9a-fA-F]{6}$/.test(raw)) return `#${raw.toLowerCase()}`
  if (/^[0-9a-fA-F]{3}$/.test(raw)) return `#${raw.replace(/./g, (c) => c + c).toLowerCase()}`
  return null
}

// ---------------------------------------------------------------- scenes

export function updateScene(doc: EditorDoc, id: string, patch: Partial<Omit<PhotoScene, 'id' | 'src'>>): EditorDoc {
  const scenes = doc.props.scenes.map((scene) => {
    if (scene.id !== id) return scene
    const next = { ...scene, ...patch }
    for (const key of Object.keys(patch) as (keyof typeof patch)[]) {
      if (patch[key] === undefined || patch[key] === '') delete next[key]
    }
    return next
  })
  return withProps(doc, { ...doc.props, scenes })
}

export function moveScene(doc: EditorDoc, from: number, to: number): EditorDoc {
  const scenes = moveItem(doc.props.scenes, from, to)
  return scenes === doc.props.scenes ? doc : withProps(doc, { ...doc.props, scenes })
}

/** A video keeps at least one scene. */
export function removeScene(doc: EditorDoc, id: string): EditorDoc {
  if (doc.props.scenes.length <= 1) return doc
  return withProps(doc, { ...doc.props, scenes: doc.props.scenes.filter((scene) => scene.id !== id) })
}

/** Photos of the listing that no scene shows yet, in listing order. */
export function unusedPhotos<P extends Pick<EditorPhoto, 'ref'>>(photos: readonly P[], scenes: readonly PhotoScene[]): P[] {
  const used = new Set(scenes.map((scene) => scene.src))
  return photos.filter((photo) => !used.has(photo.ref))
}

/** A new scene for a photo, with an id no other scene has. */
export function sceneFromPhoto(photo: Pick<EditorPhoto, 'id' | 'ref' | 'caption'>, scenes: readonly PhotoScene[]): PhotoScene {
  const ids = new Set(scenes.map((scene) => scene.id))
  let id = `scene-${photo.id}`.slice(0, 64)
  for (let n = 2; ids.has(id); n += 1) id = `scene-${photo.id}`.slice(0, 60) + `-${n}`
  const caption = photo.caption?.trim().slice(0, 80)
  return caption ? { id, src: photo.ref, caption } : { id, src: photo.ref }
}

export function addScenes(doc: EditorDoc, photos: Pick<EditorPhoto, 'id' | 'ref' | 'caption'>[], limit = 40): EditorDoc {
  const scenes = doc.props.scenes.slice()
  for (const photo of photos) {
    if (scenes.length >= limit) break
    scenes.push(sceneFromPhoto(photo, scenes))
  }
  return withProps(doc, { ...doc.props, scenes })
}

/** The seconds input as a number inside SCENE_SECONDS, or undefined for "the template's pace". */
export function parseSeconds(input: string): number | undefined {
  if (input.trim() === '') return undefined
  const value = Number(input)
  if (!Number.isFinite(value)) return undefined
  return Math.min(SCENE_SECONDS.max, Math.max(SCENE_SECONDS.min, Math.round(value * 2) / 2))
}

/** What a scene is called in messages: its caption, else its position. */
export const sceneLabel = (scene: PhotoScene, index: number) => scene.caption?.trim() || `Scene ${index + 1}`

/** The aria-live sentence after a move. */
export function moveAnnouncement(scene: PhotoScene, from: number, to: number, count: number): string {
  if (from === to) return `${sceneLabel(scene, from)} stays at position ${to + 1} of ${count}.`
  return `Moved ${sceneLabel(scene, from)} to position ${to + 1} of ${count}.`
}

// ---------------------------------------------------------------- agent, music, narration

/** The end card's agent from a team agent (empty fields left out; media as refs). */
export function agentProps(agent: EditorAgent): Agent {
  return compact({
    fullName: agent.fullName.trim().slice(0, 100),
    title: agent.title?.trim() || undefined,
    phone: agent.phone?.trim() || undefined,
    email: agent.email?.trim() || undefined,
    brokerage: agent.brokerage?.trim() || undefined,
    licenseNo: agent.licenseNo?.trim() || undefined,
    photoSrc: agent.photoRef ?? undefined,
    logoSrc: agent.logoRef ?? undefined,
  })
}

/** Which team agent the end card shows (matched by name, then photo); null for none or unknown. */
export function selectedAgentId(props: EditorProps, agents: readonly EditorAgent[]): string | null {
  const current = props.agent
  if (!current) return null
  const byName = agents.filter((agent) => agent.fullName.trim() === current.fullName)
  if (byName.length <= 1) return byName[0]?.id ?? null
  return (byName.find((agent) => (agent.photoRef ?? undefined) === current.photoSrc) ?? byName[0]).id
}

/** Picking an agent also takes their brand colour when they have one. */
export function setAgent(doc: EditorDoc, agent: EditorAgent | null): EditorDoc {
  if (!agent) return withProps(doc, { ...doc.props, agent: null })
  const props: EditorProps = { ...doc.props, agent: agentProps(agent) }
  const color = agent.brandColor ? normalizeHex(agent.brandColor) : null
  if (color) props.brandColor = color
  return withProps(doc, props)
}

export function setMusic(doc: EditorDoc, ref: string | null): EditorDoc {
  if (!ref) return withProps(doc, { ...doc.props, music: null })
  const previous = doc.props.music
  const music: AudioTrack = previous
    ? { ...previous, src: ref }
    : { src: ref, ...MUSIC_DEFAULTS }
  return withProps(doc, { ...doc.props, music })
}

export function setMusicLevel(doc: EditorDoc, patch: Partial<Pick<AudioTrack, 'volume' | 'duckVolume' | 'fadeInSeconds' | 'fadeOutSeconds'>>): EditorDoc {
  if (!doc.props.music) return doc
  return withProps(doc, { ...doc.props, music: { ...doc.props.music, ...patch } })
}

/** New scripts (one per scene, in order) from "Redraft from listing". */
export function setScripts(doc: EditorDoc, scripts: readonly string[]): EditorDoc {
  const scenes = doc.props.scenes.map((scene, index) => {
    const script = scripts[index]?.slice(0, 600)
    const next = { ...scene }
    if (script) next.script = script
    else delete next.script
    return next
  })
  return withProps(doc, { ...doc.props, scenes })
}

/** Words across every scene's script, and about how long a voice takes to read them (150 wpm). */
export function scriptStats(props: EditorProps): { words: number; seconds: number } {
  const words = props.scenes.reduce((sum, scene) => sum + (scene.script?.trim().split(/\s+/).filter(Boolean).length ?? 0), 0)
  return { words, seconds: Math.round((words / 150) * 60) }
}

// ---------------------------------------------------------------- field errors

/**
 * The message for one field from a check's fieldErrors, whichever way its path was written
 * ("scenes.2.caption", "props.scenes.2.caption").
 */
export function fieldError(fieldErrors: Record<string, string>, path: string): string | undefined {
  return fieldErrors[path] ?? fieldErrors[`props.${path}`]
}

/** Messages that no field on screen shows (so the editor lists them at the top). */
export function unplacedErrors(fieldErrors: Record<string, string>, placed: (path: string) => boolean): string[] {
  return Object.entries(fieldErrors)
    .filter(([path]) => !placed(path.replace(/^props\./, '')))
    .map(([, message]) => message)
}

/** Puts a removed scene back where it was (for "Undo" on the removal toast); no-op if it is there. */
export function insertScene(doc: EditorDoc, scene: PhotoScene, index: number): EditorDoc {
  if (doc.props.scenes.some((s) => s.id === scene.id)) return doc
  const scenes = doc.props.scenes.slice()
  scenes.splice(Math.min(Math.max(0, index), scenes.length), 0, scene)
  return withProps(doc, { ...doc.props, scenes })
}

/** The current scripts, one per scene (for putting them back after a redraft). */
export const scriptsOf = (doc: EditorDoc) => doc.props.scenes.map((scene) => scene.script ?? '')

/**
 * A title still in its drafted form ("<listing> — <Template>") follows a template change; a title
 * the person wrote stays as it is.
 */
export function titleForTemplate(title: string, listingTitle: string, fromName: string, toName: string): string {
  return title.trim() === `${listingTitle.trim()} — ${fromName}` ? `${listingTitle.trim()} — ${toName}` : title
}
