// The editor's autosave: a debounced, conflict-safe save loop with no React in it, so its timing and
// its outcomes can be tested with fake timers.
//
// - Every edit restarts a debounce (800 ms); when it fires, the latest document is checked and
//   sent with the version it was loaded or last saved at (`expectedVersion`).
// - An edit made while a save is in flight is saved right after that save returns.
// - A save that fails (network, server error) is retried with growing delays; nothing is lost,
//   the document stays in memory.
// - A conflict (someone saved a newer version) stops the loop until the person chooses: adopt
//   their version, or keep theirs own and save over it with the new version as expected.
// - A document the checks refuse is not sent; the loop waits for the next edit.

export type SavePhase = 'saved' | 'dirty' | 'saving' | 'retrying' | 'conflict' | 'invalid'

export type FieldErrors = Record<string, string>

export type SaveOutcome<C> =
  | { kind: 'saved'; version: number; updatedAt?: string }
  | { kind: 'conflict'; current: C; version: number }
  | { kind: 'invalid'; error: string; fieldErrors?: FieldErrors }
  | { kind: 'failed'; error: string }

export type SaveState<C> = {
  phase: SavePhase
  /** the version the next save expects (the stored row's version as we last saw it) */
  version: number
  /** the refused check's or the failure's message */
  error: string | null
  fieldErrors: FieldErrors
  /** the stored row when a save hit a conflict */
  conflict: C | null
  /** failed attempts in a row */
  attempts: number
  lastSavedAt: string | null
}

export const SAVE_STATUS_TEXT: Record<SavePhase, string> = {
  saved: 'All changes saved',
  dirty: 'Unsaved changes',
  invalid: 'Unsaved changes',
  saving: 'Saving…',
  retrying: 'Couldn’t save — retrying',
  conflict: 'Changed in another tab',
}

export const saveStatusText = (phase: SavePhase) => SAVE_STATUS_TEXT[phase]

/** Leaving now would lose something (or the person has not decided about a conflict). */
export const hasUnsavedWork = (phase: SavePhase) => phase !== 'saved'

const NO_ERRORS: FieldErrors = Object.freeze({}) as FieldErrors

export const AUTOSAVE_DEBOUNCE_MS = 800
export const RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 15000, 30000]

export interface Timers {
  setTimeout: (fn: () => void, ms: number) => unknown
  clearTimeout: (handle: unknown) => void
}

export interface AutosaveOptions<D, C> {
  initial: D
  version: number
  save: (doc: D, expectedVersion: number) => Promise<SaveOutcome<C>>
  /** null when the document may be saved; otherwise what is wrong with it */
  validate?: (doc: D) => { error: string; fieldErrors?: FieldErrors } | null
  onChange?: (state: SaveState<C>) => void
  debounceMs?: number
  retryDelaysMs?: number[]
  timers?: Timers
}

const defaultTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
}

export class AutosaveController<D, C> {
  private doc: D
  private revision = 0
  private savedRevision = 0
  private timer: unknown = null
  private inFlight = false
  private disposed = false
  private state: SaveState<C>
  private readonly options: Required<Omit<AutosaveOptions<D, C>, 'validate' | 'onChange' | 'initial' | 'version'>> &
    Pick<AutosaveOptions<D, C>, 'validate' | 'onChange'>

  constructor(options: AutosaveOptions<D, C>) {
    this.doc = options.initial
    this.options = {
      save: options.save,
      validate: options.validate,
      onChange: options.onChange,
      debounceMs: options.debounceMs ?? AUTOSAVE_DEBOUNCE_MS,
      retryDelaysMs: options.retryDelaysMs ?? RETRY_DELAYS_MS,
      timers: options.timers ?? defaultTimers,
    }
    this.state = {
      phase: 'saved',
      version: options.version,
      error: null,
      fieldErrors: NO_ERRORS,
      conflict: null,
      attempts: 0,
      lastSavedAt: null,
    }
  }

  get current(): SaveState<C> {
    return this.state
  }

  /** The document the controller will save next (the latest edit). */
  get document(): D {
    return this.doc
  }

  /** A change by the person: remember it and save it after the debounce. */
  edit(doc: D): void {
    if (this.disposed || Object.is(doc, this.doc)) return
    this.doc = doc
    this.revision += 1
    const phase = this.state.phase
    if (phase === 'conflict') return // saved once the person has chosen
    if (phase === 'saved' || phase === 'invalid') this.set({ phase: 'dirty', error: null, fieldErrors: {} })
    this.schedule(this.options.debounceMs)
  }

  /** Save now (e.g. Ctrl+S, the tab being hidden) instead of waiting for the debounce. */
  flush(): void {
    if (this.disposed || this.state.phase === 'conflict') return
    if (this.revision === this.savedRevision && !this.inFlight) return
    this.clear()
    void this.run()
  }

  /** "Load their version": the stored row replaces the local document and nothing is sent. */
  adopt(doc: D, version: number): void {
    if (this.disposed) return
    this.clear()
    this.doc = doc
    this.revision += 1
    this.savedRevision = this.revision
    this.set({ phase: 'saved', version, conflict: null, error: null, fieldErrors: {}, attempts: 0 })
  }

  /** "Keep mine": save the local document over theirs, expecting the version they saved. */
  keepMine(version: number): void {
    if (this.disposed) return
    this.set({ phase: 'dirty', version, conflict: null, error: null })
    this.clear()
    void this.run()
  }

  dispose(): void {
    this.disposed = true
    this.clear()
  }

  /** Undo a dispose (React's development double-mount disposes and mounts again). */
  resume(): void {
    if (!this.disposed) return
    this.disposed = false
    if (this.revision !== this.savedRevision && this.state.phase !== 'conflict') this.schedule(this.options.debounceMs)
  }

  private set(patch: Partial<SaveState<C>>) {
    // one shared empty object, so views keyed on fieldErrors do not re-render for nothing
    if (patch.fieldErrors && !Object.keys(patch.fieldErrors).length) patch = { ...patch, fieldErrors: NO_ERRORS }
    this.state = { ...this.state, ...patch }
    this.options.onChange?.(this.state)
  }

  private clear() {
    if (this.timer !== null) this.options.timers.clearTimeout(this.timer)
    this.timer = null
  }

  private schedule(ms: number) {
    this.clear()
    this.timer = this.options.timers.setTimeout(() => {
      this.timer = null
      void this.run()
    }, ms)
  }

  private async run(): Promise<void> {
    if (this.disposed || this.state.phase === 'conflict') return
    // an edit during a save: its own debounce timer is running, or we come back after the save
    if (this.inFlight) return
    if (this.revision === this.savedRevision) {
      if (this.state.phase !== 'saved') this.set({ phase: 'saved', error: null, fieldErrors: {}, attempts: 0 })
      return
    }
    const doc = this.doc
    const revision = this.revision
    const problem = this.options.validate?.(doc) ?? null
    if (problem) {
      this.set({ phase: 'invalid', error: problem.error, fieldErrors: problem.fieldErrors ?? {} })
      return
    }

    this.inFlight = true
    if (this.state.phase !== 'retrying') this.set({ phase: 'saving' })
    let outcome: SaveOutcome<C>
    try {
      outcome = await this.options.save(doc, this.state.version)
    } catch (error) {
      outcome = { kind: 'failed', error: error instanceof Error ? error.message : 'The save did not reach the server.' }
    }
    this.inFlight = false
    if (this.disposed) return

    switch (outcome.kind) {
      case 'saved': {
        this.savedRevision = revision
        const more = this.revision !== revision
        this.set({
          phase: more ? 'dirty' : 'saved',
          version: outcome.version,
          error: null,
          fieldErrors: {},
          attempts: 0,
          lastSavedAt: outcome.updatedAt ?? new Date().toISOString(),
        })
        // edits made during the save: save them unless their debounce is still running
        if (more && this.timer === null) this.schedule(this.options.debounceMs)
        return
      }
      case 'conflict':
        this.clear()
        this.set({ phase: 'conflict', conflict: outcome.current, version: outcome.version, error: null })
        return
      case 'invalid':
        this.set({ phase: 'invalid', error: outcome.error, fieldErrors: outcome.fieldErrors ?? {} })
        return
      case 'failed': {
        const attempts = this.state.attempts + 1
        const delays = this.options.retryDelaysMs
        this.set({ phase: 'retrying', error: outcome.error, attempts })
        // a newer edit has its own timer (the debounce); otherwise wait and try again
        if (this.timer === null) this.schedule(delays[Math.min(attempts - 1, delays.length - 1)])
        return
      }
    }
  }
}
