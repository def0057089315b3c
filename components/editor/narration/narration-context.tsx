'use client'

import { createContext, useCallback, useContext, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { toast } from 'sonner'
import { narrateScenes } from '@/lib/narration/actions'
import { scenesToNarrate, spokenScript } from '@/lib/narration/apply'
import { narrateScenesSchema } from '@/lib/narration/schema'
import type { PhotoScene, SceneNarration } from '@/remotion/schema'

/*
 * The editor's narration state: which scenes are being spoken, the progress of "Narrate all", and the
 * signed URLs of clips spoken in this session (the page signed the ones it loaded). The narrate
 * action answers clips; `onNarrations` puts them into the editor's document, which autosaves them
 * like any edit (undo included). One context so each scene row reads it without new props.
 */

const OFFLINE = 'We could not reach the server. Check your connection and try again.'
/** scenes per request in "Narrate all": small batches so the progress moves and a failure loses little */
const BATCH = 2

type Progress = { done: number; total: number }

type NarrationContextValue = {
  voiceId: string | null
  urls: Record<string, string>
  speaking: ReadonlySet<string>
  progress: Progress | null
  /** the last scene spoken on request (its row plays the clip once it arrives) */
  justSpoken: string | null
  speak: (scene: PhotoScene, number: number) => Promise<void>
  narrateAll: () => Promise<void>
  clear: (sceneId: string) => void
}

const NarrationContext = createContext<NarrationContextValue | null>(null)

export function useNarration(): NarrationContextValue | null {
  return useContext(NarrationContext)
}

interface Props {
  teamId: string
  videoId: string
  voiceId: string | null
  scenes: PhotoScene[]
  urls: Record<string, string>
  onUrls: (urls: Record<string, string>) => void
  onNarrations: (narrations: Record<string, SceneNarration>) => void
  onClear: (sceneId: string) => void
  children: ReactNode
}

export function NarrationProvider({ teamId, videoId, voiceId, scenes, urls, onUrls, onNarrations, onClear, children }: Props) {
  const [speaking, setSpeaking] = useState<ReadonlySet<string>>(new Set())
  const [progress, setProgress] = useState<Progress | null>(null)
  const [justSpoken, setJustSpoken] = useState<string | null>(null)
  const live = useRef({ scenes, voiceId })
  useLayoutEffect(() => {
    live.current = { scenes, voiceId }
  })

  const mark = useCallback((ids: string[], on: boolean) => {
    setSpeaking((before) => {
      const next = new Set(before)
      for (const id of ids) if (on) next.add(id)
      else next.delete(id)
      return next
    })
  }, [])

  /** One request; answers an error message or null. */
  const request = useCallback(
    async (items: { id: string; script: string }[]): Promise<string | null> => {
      const input = { voiceId: live.current.voiceId ?? '', scenes: items }
      const checked = narrateScenesSchema.safeParse(input)
      if (!checked.success) return checked.error.issues[0]?.message ?? 'This scene cannot be narrated.'
      mark(items.map((i) => i.id), true)
      try {
        const result = await narrateScenes(teamId, videoId, input)
        if (!result.ok) return result.error
        onUrls(result.data.urls)
        onNarrations(result.data.narrations)
        return null
      } catch {
        return OFFLINE
      } finally {
        mark(items.map((i) => i.id), false)
      }
    },
    [teamId, videoId, mark, onUrls, onNarrations],
  )

  const speak = useCallback(
    async (scene: PhotoScene, number: number) => {
      const error = await request([{ id: scene.id, script: spokenScript(scene.script) }])
      if (error) return void toast.error(`Scene ${number}: ${error}`)
      setJustSpoken(scene.id)
    },
    [request],
  )

  const narrateAll = useCallback(async () => {
    const pending = scenesToNarrate(live.current.scenes, live.current.voiceId)
    if (!pending.length) return void toast.info('Every scene with a script is already narrated with this voice.')
    const id = toast.loading(`Narrating ${pending.length} scene${pending.length === 1 ? '' : 's'}…`)
    setProgress({ done: 0, total: pending.length })
    let done = 0
    try {
      for (let at = 0; at < pending.length; at += BATCH) {
        const error = await request(pending.slice(at, at + BATCH))
        if (error) return void toast.error(`${error}${done ? ` ${done} of ${pending.length} scenes were narrated.` : ''}`, { id })
        done = Math.min(pending.length, at + BATCH)
        setProgress({ done, total: pending.length })
        toast.loading(`Narrated ${done} of ${pending.length}…`, { id })
      }
      toast.success(`${pending.length} scene${pending.length === 1 ? '' : 's'} narrated`, { id, description: 'Press play in the preview to hear them in place.' })
    } finally {
      setProgress(null)
    }
  }, [request])

  const value = useMemo<NarrationContextValue>(
    () => ({ voiceId, urls, speaking, progress, justSpoken, speak, narrateAll, clear: onClear }),
    [voiceId, urls, speaking, progress, justSpoken, speak, narrateAll, onClear],
  )
  return <NarrationContext.Provider value={value}>{children}</NarrationContext.Provider>
}
