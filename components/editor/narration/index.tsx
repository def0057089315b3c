'use client'

import { useCallback, type ReactNode } from 'react'
import { applyNarrations, clearNarrations } from '@/lib/narration/apply'
import type { SceneNarration } from '@/remotion/schema'
import type { EditorDoc } from '../doc'
import { NarrationProvider } from './narration-context'

export { NarrateAll } from './narrate-all'
export { SceneSpeak } from './scene-speak'

type Change = (change: (doc: EditorDoc) => EditorDoc, key?: string | null) => void

/** The editor's narration: the provider wired to the document (each answer is one undoable change). */
export function EditorNarration(props: {
  teamId: string
  videoId: string
  doc: EditorDoc
  urls: Record<string, string>
  onUrls: (urls: Record<string, string>) => void
  change: Change
  children: ReactNode
}) {
  const { change } = props
  const onNarrations = useCallback(
    (narrations: Record<string, SceneNarration>) =>
      change((d) => ({ ...d, props: { ...d.props, scenes: applyNarrations(d.props.scenes, narrations) } })),
    [change],
  )
  const onClear = useCallback(
    (sceneId: string) => change((d) => ({ ...d, props: { ...d.props, scenes: clearNarrations(d.props.scenes, [sceneId]) } })),
    [change],
  )
  return (
    <NarrationProvider
      teamId={props.teamId}
      videoId={props.videoId}
      voiceId={props.doc.voiceId}
      scenes={props.doc.props.scenes}
      urls={props.urls}
      onUrls={props.onUrls}
      onNarrations={onNarrations}
      onClear={onClear}
    >
      {props.children}
    </NarrationProvider>
  )
}
