import { memo, type ComponentType } from 'react'
import type { EditorDoc } from './doc'

type Scenes = EditorDoc['props']['scenes']

/**
 * An editor section that re-renders only when what it shows changes. Typing in a scene renews the
 * document, its props and its scenes on every keystroke; a section that does not show the scenes
 * compares the rest of the document field by field and skips that render (npm run
 * bench:editor-profile: the whole editor re-rendered on each key). `readsScenes` names the little a
 * section reads from the scenes (a boolean or a key), compared instead of the scenes themselves. The
 * other props are compared as React.memo does, so callbacks handed to a section must be stable.
 */
export function sectionMemo<P extends { doc: EditorDoc }>(Component: ComponentType<P>, readsScenes?: (scenes: Scenes) => string | boolean) {
  return memo(Component, (before, after) => {
    const keys = Object.keys(after) as (keyof P)[]
    if (keys.length !== Object.keys(before).length) return false
    for (const key of keys) if (key !== 'doc' && !Object.is(before[key], after[key])) return false
    if (!sameOutsideScenes(before.doc, after.doc)) return false
    return !readsScenes || readsScenes(before.doc.props.scenes) === readsScenes(after.doc.props.scenes)
  })
}

function sameShallow<T extends object>(a: T, b: T, skip: keyof T): boolean {
  const keys = Object.keys(b) as (keyof T)[]
  if (keys.length !== Object.keys(a).length) return false
  return keys.every((key) => key === skip || Object.is(a[key], b[key]))
}

function sameOutsideScenes(a: EditorDoc, b: EditorDoc): boolean {
  return a === b || (sameShallow(a, b, 'props') && sameShallow(a.props, b.props, 'scenes'))
}
