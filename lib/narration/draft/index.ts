import { TEMPLATES, type TemplateId } from '@/remotion/catalog'
import { buildTimeline, NARRATION_TAIL_SECONDS } from '@/remotion/duration'
import type { PhotoScene, VideoProps } from '@/remotion/schema'
import { composeDraft, type Draft, type SceneSlot } from './compose'
import type { DraftSource } from './facts'

/*
 * Script drafting (docs/narration.md, "Script drafting"). Pure and client-safe: the create page, the
 * server actions and the tests draft the same words. The hosted model's polish (llm.ts) is
 * server-only and starts from this draft.
 */

export { composeDraft, seeded, type Draft, type LeftOut, type SceneDraft, type SceneSlot } from './compose'
export type { DraftSource } from './facts'
export { SPEAKING_RATE, speechSecondsOf, spokenWordCount } from './spoken'

/**
 * Seconds each photo scene has for its narration with the template's pacing: the scene's length as
 * the timeline gives it, less the transitions in and out and the tail (remotion/duration.ts). Audio
 * already spoken is ignored (it stretches its scene; a new script must fit the scene as set).
 */
export function speechSeconds(template: TemplateId, props: VideoProps): number[] {
  const silent: VideoProps = { ...props, scenes: props.scenes.map(({ narration: _n, ...scene }) => scene) }
  const timeline = buildTimeline(silent, TEMPLATES[template].pacing)
  const seconds = props.scenes.map(() => 0)
  for (const segment of timeline.segments) {
    if (segment.kind !== 'photo' || segment.sceneIndex === undefined) continue
    const frames = segment.durationInFrames - 2 * timeline.transitionFrames
    seconds[segment.sceneIndex] = Math.max(0, frames / timeline.fps - NARRATION_TAIL_SECONDS)
  }
  return seconds
}

/**
 * The least speech a drafted scene gets, whatever the template's pacing: two short whole sentences
 * (about fourteen words and their pauses). A narrated scene lasts as long as its voice
 * (remotion/duration.ts), so a fast template such as Social Reel (2.2 s photos, 1.3 s of speech)
 * slows to fit sentences rather than narrating in fragments and leaving out the address and the
 * price. Issue 25 raised it from 5.5 s: at 5.5 s a scene held one sentence and a fragment
 * ("$3,450,000. Home office."); whole sentences need their pauses.
 */
export const MIN_SCENE_SPEECH_SECONDS = 6.5

/** A photo's file name from its source (`media:{team}/listings/{listing}/{upload}/kitchen-2.jpg` → "kitchen-2.jpg"). */
export const fileNameOf = (src: string) => decodeURIComponent(src.split(/[?#]/)[0].split('/').pop() ?? '')

/**
 * The slots of a video's scenes: each caption, the photo's file name (what it shows when the caption
 * does not say) and its seconds for speech (at least the minimum above).
 */
export function slotsFor(template: TemplateId, props: VideoProps): SceneSlot[] {
  const seconds = speechSeconds(template, props)
  return props.scenes.map((scene, i) => ({ caption: scene.caption, file: fileNameOf(scene.src), seconds: Math.max(MIN_SCENE_SPEECH_SECONDS, seconds[i]) }))
}

/** The draft of a video's narration with its template's timing. */
export function draftForVideo(source: DraftSource, template: TemplateId, props: VideoProps): Draft {
  return composeDraft(source, slotsFor(template, props))
}

// ---- drafted or edited ---------------------------------------------------------------------------

const norm = (text: string | undefined) => (text ?? '').trim().replace(/\s+/g, ' ')

/**
 * A scene's script is untouched when it is what was last drafted (or both are empty). A script with
 * no draft recorded (a video from before drafts were recorded) counts as the person's.
 */
export function isUntouched(scene: Pick<PhotoScene, 'script' | 'scriptDraft'>): boolean {
  return norm(scene.script) === norm(scene.scriptDraft)
}

export type RedraftLine = { id: string; script: string }

/**
 * Applies new drafts to scenes: an untouched scene (or every scene, with `replaceEdits`) takes the
 * new script and records it as its draft; an edited scene keeps its words. A scene whose id is not
 * among the drafts is left alone. Answers the scenes and how many changed and were kept.
 */
export function applyRedraft<S extends PhotoScene>(
  scenes: readonly S[],
  drafts: readonly RedraftLine[],
  replaceEdits: boolean,
): { scenes: S[]; changed: number; kept: number } {
  const byId = new Map(drafts.map((d) => [d.id, d.script.slice(0, 600)]))
  let changed = 0
  let kept = 0
  const next = scenes.map((scene) => {
    const script = byId.get(scene.id)
    if (script === undefined) return scene
    if (!replaceEdits && !isUntouched(scene)) {
      kept++
      return scene
    }
    const out: S = { ...scene }
    if (script) {
      out.script = script
      out.scriptDraft = script
    } else {
      delete out.script
      delete out.scriptDraft
    }
    if (norm(scene.script) !== norm(script)) changed++
    return out
  })
  return { scenes: next, changed, kept }
}

/** How many scenes hold the person's own words (a redraft keeps them unless asked). */
export const editedCount = (scenes: readonly Pick<PhotoScene, 'script' | 'scriptDraft'>[]) =>
  scenes.filter((scene) => !isUntouched(scene)).length
