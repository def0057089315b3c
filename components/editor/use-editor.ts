'use client'

import { useCallback, useEffect, useReducer, useRef, useState } from 'react'
import { toast } from 'sonner'
import { describeComposition, saveVideo } from '@/lib/videos/actions'
import { validateVideoProps, videoTitleSchema } from '@/lib/videos/schema'
import { AutosaveController, hasUnsavedWork, type SaveOutcome, type SaveState } from './autosave'
import { detailsReducer, openingDetailsState, type CompositionFacts } from './details-state'
import type { EditorDoc, EditorProps } from './doc'
import { canRedo, canUndo, createHistory, record, redo, undo, type History } from './history'

// The editor's React glue around the pure modules: history (undo), autosave, composition details,
// leave warnings and keyboard shortcuts.

// ---------------------------------------------------------------- document + history

type HistoryAction =
  | { type: 'apply'; change: (doc: EditorDoc) => EditorDoc; key: string | null; at: number }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'replace'; doc: EditorDoc }

function historyReducer(history: History<EditorDoc>, action: HistoryAction): History<EditorDoc> {
  switch (action.type) {
    case 'apply':
      return record(history, action.change(history.present), { key: action.key, at: action.at })
    case 'undo':
      return undo(history)
    case 'redo':
      return redo(history)
    case 'replace':
      // a replacement (their version) is one more step: undo brings back what was here
      return record(history, action.doc, { key: null, at: Date.now() })
  }
}

export function useEditorDocument(initial: EditorDoc) {
  const [history, dispatch] = useReducer(historyReducer, initial, createHistory)
  /** `key` groups a typing burst into one undo step (e.g. "scene:<id>:caption"); null = its own step. */
  const change = useCallback((change: (doc: EditorDoc) => EditorDoc, key: string | null = null) => {
    dispatch({ type: 'apply', change, key, at: Date.now() })
  }, [])
  return {
    doc: history.present,
    change,
    undo: useCallback(() => dispatch({ type: 'undo' }), []),
    redo: useCallback(() => dispatch({ type: 'redo' }), []),
    replace: useCallback((doc: EditorDoc) => dispatch({ type: 'replace', doc }), []),
    canUndo: canUndo(history),
    canRedo: canRedo(history),
  }
}

// ---------------------------------------------------------------- autosave

export type ConflictVersion = { doc: EditorDoc; updatedAt: string }

/** What the client checks before sending (the server checks the same and more). */
export function checkDoc(doc: EditorDoc): { error: string; fieldErrors: Record<string, string> } | null {
  const fieldErrors: Record<string, string> = {}
  const title = videoTitleSchema.safeParse(doc.title)
  if (!title.success) fieldErrors.title = title.error.issues[0]?.message ?? 'Give the video a title.'
  const props = validateVideoProps(doc.template, doc.format, doc.props)
  if (!props.ok) Object.assign(fieldErrors, props.fieldErrors)
  const first = Object.values(fieldErrors)[0]
  return first ? { error: first, fieldErrors } : null
}

export function useAutosave(teamId: string, videoId: string, doc: EditorDoc, initialVersion: number) {
  const [state, setState] = useState<SaveState<ConflictVersion> | null>(null)
  const [controller] = useState(
    () =>
      new AutosaveController<EditorDoc, ConflictVersion>({
        initial: doc,
        version: initialVersion,
        validate: checkDoc,
        onChange: setState,
        save: async (next, expectedVersion): Promise<SaveOutcome<ConflictVersion>> => {
          const result = await saveVideo(teamId, videoId, {
            title: next.title,
            template: next.template,
            format: next.format,
            voiceId: next.voiceId,
            props: next.props,
            expectedVersion,
          })
          if (!result.ok) {
            // a refusal about a field will not pass on a retry; anything else (session, server) might
            if (result.fieldErrors && Object.keys(result.fieldErrors).length) {
              return { kind: 'invalid', error: result.error, fieldErrors: result.fieldErrors }
            }
            return { kind: 'failed', error: result.error }
          }
          const saved = result.data
          if (saved.status === 'saved') return { kind: 'saved', version: saved.version, updatedAt: saved.updatedAt }
          const current = saved.current
          return {
            kind: 'conflict',
            version: current.version,
            current: {
              updatedAt: current.updatedAt,
              doc: {
                title: current.title,
                template: current.template,
                format: current.format,
                voiceId: current.voiceId,
                props: current.props as EditorProps,
              },
            },
          }
        },
      }),
  )

  useEffect(() => {
    controller.edit(doc)
  }, [controller, doc])

  useEffect(() => {
    controller.resume()
    // a tab put in the background may never come back: save what is there now
    const onHidden = () => {
      if (document.visibilityState === 'hidden') controller.flush()
    }
    document.addEventListener('visibilitychange', onHidden)
    return () => {
      document.removeEventListener('visibilitychange', onHidden)
      controller.dispose()
    }
  }, [controller])

  // toasts for the moments worth interrupting for: the first failure, and the recovery after it
  const phase = state?.phase ?? 'saved'
  const attempts = state?.attempts ?? 0
  const failedBefore = useRef(false)
  useEffect(() => {
    if (phase === 'retrying' && attempts === 1) {
      failedBefore.current = true
      toast.error('Couldn’t save your latest changes', { id: 'autosave', description: 'They are kept here and we keep trying.' })
    } else if (phase === 'saved' && failedBefore.current) {
      failedBefore.current = false
      toast.success('Saved', { id: 'autosave', description: 'Your changes are stored again.' })
    }
  }, [phase, attempts])

  return { state: state ?? controller.current, controller }
}

// ---------------------------------------------------------------- composition details

export const DETAILS_DEBOUNCE_MS = 400
export const DETAILS_RETRY_MS = 3000

/**
 * The composition details of the document as it is now. `opening` is what the page worked out for the
 * props it loaded: the card shows it at once, and the server is asked only after an edit.
 */
export function useCompositionDetails(template: string, format: string, props: unknown, opening?: CompositionFacts) {
  const [state, dispatch] = useReducer(detailsReducer, opening, openingDetailsState)
  // bumped to ask again after the server could not be reached
  const [retry, setRetry] = useState(0)
  const counter = useRef(0)
  const first = useRef(true)

  useEffect(() => {
    const id = ++counter.current
    let cancelled = false
    let retryTimer: ReturnType<typeof setTimeout> | undefined
    const ask = async () => {
      try {
        const result = await describeComposition(template, format, props)
        // a newer request is on its way: this answer is already out of date
        if (id !== counter.current) return
        if (result.ok) dispatch({ type: 'success', id, details: result.data })
        else dispatch({ type: 'failure', id, error: result.error })
      } catch {
        if (id !== counter.current) return
        dispatch({ type: 'failure', id, error: 'Could not reach the server to work out the details. Trying again…' })
        if (!cancelled) retryTimer = setTimeout(() => setRetry((n) => n + 1), DETAILS_RETRY_MS)
      }
    }
    // the page's answer for the props it loaded is on screen already
    if (first.current && opening) {
      first.current = false
      return
    }
    dispatch({ type: 'request', id })
    let timer: ReturnType<typeof setTimeout> | undefined
    if (first.current) {
      first.current = false
      void ask()
    } else {
      timer = setTimeout(() => void ask(), DETAILS_DEBOUNCE_MS)
    }
    return () => {
      cancelled = true
      clearTimeout(timer)
      clearTimeout(retryTimer)
    }
  // `opening` is read on the first run only
  // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [template, format, props, retry])

  return state
}

// ---------------------------------------------------------------- leaving with unsaved work

export const LEAVE_MESSAGE = 'Your latest changes are not saved yet. Leave this page anyway?'

/** Warns before the tab closes or an in-app link navigates away while something is unsaved. */
export function useLeaveWarning(active: boolean) {
  useEffect(() => {
    if (!active) return
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      // older browsers show the dialog only when returnValue is set
      event.returnValue = ''
    }
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
      const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null
      if (!link || link.target === '_blank' || link.hasAttribute('download')) return
      const url = new URL(link.href, window.location.href)
      if (url.origin !== window.location.origin) return
      if (url.pathname === window.location.pathname && url.search === window.location.search) return
      if (!window.confirm(LEAVE_MESSAGE)) {
        event.preventDefault()
        event.stopPropagation()
      }
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    // capture phase on the document: runs before Next's <Link> handler on the React root
    document.addEventListener('click', onClick, true)
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload)
      document.removeEventListener('click', onClick, true)
    }
  }, [active])
}

export const leaveWarningActive = (state: SaveState<unknown>) => hasUnsavedWork(state.phase)

// ---------------------------------------------------------------- keyboard

function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true
  if (target instanceof HTMLInputElement) return !['button', 'checkbox', 'radio', 'range', 'color', 'submit', 'reset'].includes(target.type)
  return false
}

/** Ctrl/Cmd+Z undo and Ctrl/Cmd+Shift+Z or Ctrl+Y redo outside text fields (they keep their own); Ctrl/Cmd+S saves now. */
export function useEditorKeys(handlers: { undo: () => void; redo: () => void; save: () => void }) {
  const ref = useRef(handlers)
  useEffect(() => {
    ref.current = handlers
  })
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return
      const key = event.key.toLowerCase()
      if (key === 's') {
        event.preventDefault()
        ref.current.save()
        return
      }
      if (isTextEntry(event.target)) return
      if (document.querySelector('dialog[open]')) return
      if (key === 'z' && !event.shiftKey) {
        event.preventDefault()
        ref.current.undo()
      } else if ((key === 'z' && event.shiftKey) || key === 'y') {
        event.preventDefault()
        ref.current.redo()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
}
