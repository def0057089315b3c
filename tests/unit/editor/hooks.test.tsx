// @vitest-environment happy-dom
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// the server actions are not part of these checks (and import server-only code)
vi.mock('@/lib/videos/actions', () => ({ saveVideo: vi.fn(), describeComposition: vi.fn() }))

const { checkDoc, LEAVE_MESSAGE, useEditorKeys, useLeaveWarning } = await import('@/components/editor/use-editor')

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let container: HTMLDivElement
let root: Root
beforeEach(() => {
  container = document.createElement('div')
  document.body.append(container)
  root = createRoot(container)
})
afterEach(() => {
  act(() => root.unmount())
  container.remove()
  vi.restoreAllMocks()
})

function Leave({ active }: { active: boolean }) {
  useLeaveWarning(active)
  return (
    <>
      {/* a plain anchor: the warning listens on the document, whatever renders the link */}
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
      <a href="/dashboard/elsewhere">away</a>
      <a href="#section">here</a>
      <a href="https://example.com/">outside</a>
    </>
  )
}

/** happy-dom has no window.confirm: put a mock in its place for the test */
function stubConfirm(answer: boolean) {
  const mock = vi.fn((_message?: string) => answer)
  window.confirm = mock
  return mock
}

const click = (selector: string) => {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 })
  container.querySelector(selector)!.dispatchEvent(event)
  return event
}

describe('leave warning', () => {
  it('asks before an in-app link leaves while something is unsaved, and stays when refused', () => {
    const confirm = stubConfirm(false)
    act(() => root.render(<Leave active />))
    const event = click('a[href="/dashboard/elsewhere"]')
    expect(confirm).toHaveBeenCalledWith(LEAVE_MESSAGE)
    expect(event.defaultPrevented).toBe(true)
  })

  it('lets the link go when confirmed, and ignores same-page and outside links', () => {
    const confirm = stubConfirm(true)
    act(() => root.render(<Leave active />))
    expect(click('a[href="/dashboard/elsewhere"]').defaultPrevented).toBe(false)
    click('a[href="#section"]')
    click('a[href="https://example.com/"]')
    expect(confirm).toHaveBeenCalledTimes(1)
  })

  it('holds the tab from closing only while active', () => {
    act(() => root.render(<Leave active />))
    const before = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(before)
    expect(before.defaultPrevented).toBe(true)
    act(() => root.render(<Leave active={false} />))
    const confirm = stubConfirm(true)
    const after = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(after)
    expect(after.defaultPrevented).toBe(false)
    click('a[href="/dashboard/elsewhere"]')
    expect(confirm).not.toHaveBeenCalled()
  })
})

function Keys(handlers: { undo: () => void; redo: () => void; save: () => void }) {
  useEditorKeys(handlers)
  return <input aria-label="caption" />
}

const press = (target: EventTarget, key: string, init: KeyboardEventInit = {}) => {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init })
  target.dispatchEvent(event)
  return event
}

describe('editor shortcuts', () => {
  it('Ctrl/Cmd+Z undoes and Ctrl+Shift+Z / Ctrl+Y redo outside text fields; inside, the field keeps its own undo', () => {
    const undo = vi.fn()
    const redo = vi.fn()
    const save = vi.fn()
    act(() => root.render(<Keys undo={undo} redo={redo} save={save} />))
    expect(press(document.body, 'z', { ctrlKey: true }).defaultPrevented).toBe(true)
    press(document.body, 'z', { metaKey: true })
    expect(undo).toHaveBeenCalledTimes(2)
    press(document.body, 'Z', { ctrlKey: true, shiftKey: true })
    press(document.body, 'y', { ctrlKey: true })
    expect(redo).toHaveBeenCalledTimes(2)
    const input = container.querySelector('input')!
    expect(press(input, 'z', { ctrlKey: true }).defaultPrevented).toBe(false)
    expect(undo).toHaveBeenCalledTimes(2)
    press(document.body, 'z')
    expect(undo).toHaveBeenCalledTimes(2)
  })

  it('Ctrl/Cmd+S saves now, even from a text field', () => {
    const save = vi.fn()
    act(() => root.render(<Keys undo={() => {}} redo={() => {}} save={save} />))
    expect(press(container.querySelector('input')!, 's', { ctrlKey: true }).defaultPrevented).toBe(true)
    expect(save).toHaveBeenCalledTimes(1)
  })
})

describe('client check before saving', () => {
  const doc = {
    title: 'Tour',
    template: 'classic-tour' as const,
    format: 'landscape' as const,
    voiceId: null,
    props: { listing: { address: { line: '1 Harbour St' }, offer: 'sale' as const, propertyType: 'house' as const }, scenes: [{ id: 's1', src: 'media:t/a.jpg' }] },
  }

  it('passes a valid document', () => {
    expect(checkDoc(doc)).toBeNull()
  })

  it('names the title and the scene field that are wrong', () => {
    const result = checkDoc({ ...doc, title: '  ', props: { ...doc.props, scenes: [{ id: 's1', src: 'media:t/a.jpg', caption: 'x'.repeat(81) }] } })
    expect(result?.fieldErrors.title).toBe('Give the video a title.')
    expect(result?.fieldErrors['scenes.0.caption']).toMatch(/80 characters/)
  })
})
