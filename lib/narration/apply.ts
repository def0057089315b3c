import type { PhotoScene, SceneNarration } from '@/remotion/schema'

/*
 * The editor's side of narration (client-safe). The narrate action answers clips; applyNarrations
 * puts them into the scenes (by id: a scene moved or removed meanwhile is handled), and the editor's
 * autosave stores them like any edit.
 */

/** The script as it is spoken (the server's spokenText): trimmed, inner spaces as one. */
export const spokenScript = (script: string | undefined) => (script ?? '').replace(/\s+/g, ' ').trim()

export type NarrationState = 'none' | 'current' | 'stale'

/**
 * A scene's narration is stale when its script or the video's voice changed since it was spoken; a
 * scene with no script left has none worth keeping (also 'stale', so the editor offers to clear it).
 */
export function narrationState(scene: Pick<PhotoScene, 'script' | 'narration'>, voiceId: string | null): NarrationState {
  if (!scene.narration) return 'none'
  return scene.narration.text === spokenScript(scene.script) && scene.narration.voiceId === voiceId ? 'current' : 'stale'
}

/** The scenes with the given narrations (by scene id); scenes not named are left as they are. */
export function applyNarrations<S extends PhotoScene>(scenes: S[], narrations: Record<string, SceneNarration>): S[] {
  let changed = false
  const next = scenes.map((scene) => {
    const narration = Object.prototype.hasOwnProperty.call(narrations, scene.id) ? narrations[scene.id] : undefined
    if (!narration) return scene
    changed = true
    return { ...scene, narration }
  })
  return changed ? next : scenes
}

/** The scenes without narration (all, or the ones named). */
export function clearNarrations<S extends PhotoScene>(scenes: S[], ids?: string[]): S[] {
  return scenes.map((scene) => {
    if (!scene.narration || (ids && !ids.includes(scene.id))) return scene
    const { narration: _dropped, ...rest } = scene
    return rest as S
  })
}

/** The scenes a "Narrate all" should speak: a script, and no current narration. */
export function scenesToNarrate(scenes: PhotoScene[], voiceId: string | null): { id: string; script: string }[] {
  return scenes
    .filter((scene) => spokenScript(scene.script) && narrationState(scene, voiceId) !== 'current')
    .map((scene) => ({ id: scene.id, script: spokenScript(scene.script) }))
}
