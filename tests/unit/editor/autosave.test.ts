import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AutosaveController, hasUnsavedWork, saveStatusText, type SaveOutcome, type SaveState } from '@/components/editor/autosave'

type Doc = { text: string }
type Current = { text: string }

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

function setup(options: { validate?: (doc: Doc) => { error: string } | null } = {}) {
  const calls: { doc: Doc; expected: number; reply: ReturnType<typeof deferred<SaveOutcome<Current>>> }[] = []
  const states: SaveState<Current>[] = []
  const controller = new AutosaveController<Doc, Current>({
    initial: { text: '' },
    version: 1,
    save: (doc, expected) => {
      const reply = deferred<SaveOutcome<Current>>()
      calls.push({ doc, expected, reply })
      return reply.promise
    },
    validate: options.validate,
    onChange: (state) => states.push(state),
    debounceMs: 800,
    retryDelaysMs: [1000, 2000],
  })
  const text = () => saveStatusText(controller.current.phase)
  return { controller, calls, states, text }
}

describe('autosave', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('waits for a pause in typing, then saves the latest document once', async () => {
    const { controller, calls, text } = setup()
    expect(text()).toBe('All changes saved')
    controller.edit({ text: 'a' })
    expect(text()).toBe('Unsaved changes')
    await vi.advanceTimersByTimeAsync(500)
    controller.edit({ text: 'ab' })
    await vi.advanceTimersByTimeAsync(500)
    expect(calls).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(300)
    expect(calls).toHaveLength(1)
    expect(calls[0]).toMatchObject({ doc: { text: 'ab' }, expected: 1 })
    expect(text()).toBe('Saving…')
    calls[0].reply.resolve({ kind: 'saved', version: 2 })
    await vi.advanceTimersByTimeAsync(0)
    expect(text()).toBe('All changes saved')
    expect(controller.current.version).toBe(2)
  })

  it('sends the new version as expected on the next save', async () => {
    const { controller, calls } = setup()
    controller.edit({ text: 'a' })
    await vi.advanceTimersByTimeAsync(800)
    calls[0].reply.resolve({ kind: 'saved', version: 7 })
    await vi.advanceTimersByTimeAsync(0)
    controller.edit({ text: 'b' })
    await vi.advanceTimersByTimeAsync(800)
    expect(calls[1].expected).toBe(7)
  })

  it('saves an edit made during a save right after it, never two saves at once', async () => {
    const { controller, calls, text } = setup()
    controller.edit({ text: 'a' })
    await vi.advanceTimersByTimeAsync(800)
    controller.edit({ text: 'ab' })
    await vi.advanceTimersByTimeAsync(2000)
    expect(calls).toHaveLength(1)
    calls[0].reply.resolve({ kind: 'saved', version: 2 })
    await vi.advanceTimersByTimeAsync(0)
    expect(text()).toBe('Unsaved changes')
    await vi.advanceTimersByTimeAsync(800)
    expect(calls).toHaveLength(2)
    expect(calls[1]).toMatchObject({ doc: { text: 'ab' }, expected: 2 })
    calls[1].reply.resolve({ kind: 'saved', version: 3 })
    await vi.advanceTimersByTimeAsync(0)
    expect(text()).toBe('All changes saved')
  })

  it('retries a failed save with growing delays and keeps the document', async () => {
    const { controller, calls, text } = setup()
    controller.edit({ text: 'a' })
    await vi.advanceTimersByTimeAsync(800)
    calls[0].reply.reject(new Error('offline'))
    await vi.advanceTimersByTimeAsync(0)
    expect(text()).toBe('Couldn’t save — retrying')
    expect(hasUnsavedWork(controller.current.phase)).toBe(true)
    await vi.advanceTimersByTimeAsync(999)
    expect(calls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(calls).toHaveLength(2)
    calls[1].reply.resolve({ kind: 'failed', error: 'server' })
    await vi.advanceTimersByTimeAsync(1999)
    expect(calls).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(calls[2].doc).toEqual({ text: 'a' })
    calls[2].reply.resolve({ kind: 'saved', version: 2 })
    await vi.advanceTimersByTimeAsync(0)
    expect(text()).toBe('All changes saved')
    expect(controller.current.attempts).toBe(0)
  })

  it('stops on a conflict until the person chooses, and keeps edits meanwhile', async () => {
    const { controller, calls, text } = setup()
    controller.edit({ text: 'mine' })
    await vi.advanceTimersByTimeAsync(800)
    calls[0].reply.resolve({ kind: 'conflict', current: { text: 'theirs' }, version: 5 })
    await vi.advanceTimersByTimeAsync(0)
    expect(text()).toBe('Changed in another tab')
    expect(controller.current.conflict).toEqual({ text: 'theirs' })
    controller.edit({ text: 'mine, more' })
    await vi.advanceTimersByTimeAsync(5000)
    expect(calls).toHaveLength(1)

    controller.keepMine(5)
    await vi.advanceTimersByTimeAsync(0)
    expect(calls[1]).toMatchObject({ doc: { text: 'mine, more' }, expected: 5 })
    calls[1].reply.resolve({ kind: 'saved', version: 6 })
    await vi.advanceTimersByTimeAsync(0)
    expect(text()).toBe('All changes saved')
    expect(controller.current.conflict).toBeNull()
  })

  it('"Load their version" adopts the stored row without saving it back', async () => {
    const { controller, calls, text } = setup()
    controller.edit({ text: 'mine' })
    await vi.advanceTimersByTimeAsync(800)
    calls[0].reply.resolve({ kind: 'conflict', current: { text: 'theirs' }, version: 5 })
    await vi.advanceTimersByTimeAsync(0)
    controller.adopt({ text: 'theirs' }, 5)
    expect(text()).toBe('All changes saved')
    expect(controller.document).toEqual({ text: 'theirs' })
    await vi.advanceTimersByTimeAsync(5000)
    expect(calls).toHaveLength(1)
    controller.edit({ text: 'theirs!' })
    await vi.advanceTimersByTimeAsync(800)
    expect(calls[1].expected).toBe(5)
  })

  it('does not send a document the checks refuse, and saves once it is fixed', async () => {
    const { controller, calls, text } = setup({ validate: (doc) => (doc.text.length > 3 ? { error: 'Too long' } : null) })
    controller.edit({ text: 'toolong' })
    await vi.advanceTimersByTimeAsync(800)
    expect(calls).toHaveLength(0)
    expect(controller.current).toMatchObject({ phase: 'invalid', error: 'Too long' })
    expect(text()).toBe('Unsaved changes')
    controller.edit({ text: 'ok' })
    expect(controller.current.error).toBeNull()
    await vi.advanceTimersByTimeAsync(800)
    expect(calls).toHaveLength(1)
  })

  it('shows a refusal from the server as a field error without retrying', async () => {
    const { controller, calls } = setup()
    controller.edit({ text: 'x' })
    await vi.advanceTimersByTimeAsync(800)
    calls[0].reply.resolve({ kind: 'invalid', error: 'Caption too long', fieldErrors: { 'scenes.0.caption': 'Caption too long' } })
    await vi.advanceTimersByTimeAsync(10_000)
    expect(calls).toHaveLength(1)
    expect(controller.current.fieldErrors).toEqual({ 'scenes.0.caption': 'Caption too long' })
  })

  it('flush saves at once; an edit back to the saved document still counts as a change', async () => {
    const { controller, calls } = setup()
    controller.flush()
    expect(calls).toHaveLength(0)
    controller.edit({ text: 'a' })
    controller.flush()
    await vi.advanceTimersByTimeAsync(0)
    expect(calls).toHaveLength(1)
  })

  it('after dispose nothing more is sent or reported', async () => {
    const { controller, calls, states } = setup()
    controller.edit({ text: 'a' })
    controller.dispose()
    await vi.advanceTimersByTimeAsync(5000)
    expect(calls).toHaveLength(0)
    expect(states).toHaveLength(1)
  })
})

describe('autosave across a remount', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('resume after dispose saves what was pending', async () => {
    const { controller, calls } = setup()
    controller.edit({ text: 'a' })
    controller.dispose()
    controller.resume()
    await vi.advanceTimersByTimeAsync(800)
    expect(calls).toHaveLength(1)
  })
})
