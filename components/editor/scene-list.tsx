'use client'

import { useLayoutEffect, useMemo, useRef, useState } from 'react'
import { MAX_PHOTOS } from '@/remotion/constants'
import type { PhotoScene } from '@/remotion/schema'
import type { EditorPhoto, Motion } from './doc'
import { PhotoPicker } from './photo-picker'
import { SceneRow, type RowActions } from './scene-row'

interface SceneListProps {
  scenes: PhotoScene[]
  /** listing photos by ref, for thumbnails */
  photoByRef: Map<string, EditorPhoto>
  urls: Record<string, string>
  unused: EditorPhoto[]
  /** the template's photo pace, shown as the placeholder of the seconds input */
  defaultSeconds: number
  fieldErrors: Record<string, string>
  editListingHref: string
  onCaption: (id: string, caption: string) => void
  onSeconds: (id: string, seconds: number | undefined) => void
  onMotion: (id: string, motion: Motion | undefined) => void
  onScript: (id: string, script: string) => void
  onMove: (from: number, to: number) => string
  onRemove: (id: string) => void
  onAdd: (photos: EditorPhoto[]) => void
  onPreview: (index: number) => void
  /** a scene's caption got focus (the editor shows that scene if the preview is paused) */
  onFocusScene?: (index: number) => void
}


/**
 * The scenes in order. Reorder by dragging a row's handle, with the up/down buttons, or with
 * Alt+Arrow (or just the arrows) while the handle has focus; every move is read out by an
 * aria-live region.
 */
export function SceneList(props: SceneListProps) {
  const { scenes } = props
  const [dragId, setDragId] = useState<string | null>(null)
  const [overIndex, setOverIndex] = useState<number | null>(null)
  const [announcement, setAnnouncement] = useState('')

  // the latest props and drag state, for the stable row actions below
  const live = useRef({ props, dragId })
  useLayoutEffect(() => {
    live.current = { props, dragId }
  })

  const actions = useMemo<RowActions>(() => {
    const move = (from: number, to: number) => {
      const count = live.current.props.scenes.length
      if (to < 0 || to >= count || from === to) return
      setAnnouncement(live.current.props.onMove(from, to))
    }
    const reset = () => {
      setDragId(null)
      setOverIndex(null)
    }
    return {
      dragStart: (id) => setDragId(id),
      dragEnd: reset,
      dragOver: (index) => setOverIndex(index),
      drop: (index) => {
        const from = live.current.props.scenes.findIndex((s) => s.id === live.current.dragId)
        if (from >= 0) move(from, index)
        reset()
      },
      move,
      caption: (id, value) => live.current.props.onCaption(id, value),
      seconds: (id, value) => live.current.props.onSeconds(id, value),
      motion: (id, value) => live.current.props.onMotion(id, value),
      script: (id, value) => live.current.props.onScript(id, value),
      remove: (id) => live.current.props.onRemove(id),
      preview: (index) => live.current.props.onPreview(index),
      focus: (index) => live.current.props.onFocusScene?.(index),
    }
  }, [])

  return (
    <div className="space-y-4">
      <p data-testid="scene-announcer" aria-live="assertive" className="sr-only">
        {announcement}
      </p>
      <ol className="space-y-3" aria-label="Scenes in order">
        {scenes.map((scene, index) => (
          <SceneRow
            key={scene.id}
            scene={scene}
            index={index}
            count={scenes.length}
            photo={props.photoByRef.get(scene.src)}
            url={props.urls[scene.src] ?? (scene.src.startsWith('media:') ? undefined : scene.src)}
            defaultSeconds={props.defaultSeconds}
            fieldErrors={props.fieldErrors}
            dragging={dragId === scene.id}
            dropTarget={overIndex === index && dragId !== null && dragId !== scene.id}
            actions={actions}
          />
        ))}
      </ol>
      <PhotoPicker unused={props.unused} room={MAX_PHOTOS - scenes.length} onAdd={props.onAdd} editListingHref={props.editListingHref} />
    </div>
  )
}
