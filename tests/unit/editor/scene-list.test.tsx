// @vitest-environment happy-dom
import { act, useState } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { moveAnnouncement, moveScene, type EditorDoc, type EditorPhoto } from '@/components/editor/doc'
import { SceneList } from '@/components/editor/scene-list'

// The scene list in a DOM: keyboard reorder on the handle, the buttons, and the aria-live text.

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const start: EditorDoc['props']['scenes'] = [
  { id: 's1', src: 'media:t/1.jpg', caption: 'Front' },
  { id: 's2', src: 'media:t/2.jpg', caption: 'Kitchen' },
  { id: 's3', src: 'media:t/3.jpg' },
]
const photos: EditorPhoto[] = [
  ...start.map((s, i) => ({ id: `p${i + 1}`, ref: s.src, url: null, thumbUrl: null, caption: s.caption ?? null })),
  { id: 'p4', ref: 'media:t/4.jpg', url: null, thumbUrl: null, caption: 'Garden' },
]

function Harness({ onAdd }: { onAdd: (p: EditorPhoto[]) => void }) {
  const [doc, setDoc] = useState<EditorDoc>({
    title: 't',
    template: 'classic-tour',
    format: 'landscape',
    voiceId: null,
    props: { listing: { address: { line: 'x' }, offer: 'sale', propertyType: 'house' }, scenes: start },
  })
  const scenes = doc.props.scenes
  return (
    <SceneList
      scenes={scenes}
      photoByRef={new Map(photos.map((p) => [p.ref, p]))}
      urls={{}}
      unused={photos.filter((p) => !scenes.some((s) => s.src === p.ref))}
      defaultSeconds={4}
      fieldErrors={{ 'scenes.1.caption': 'Scene 2 caption: keep it to 80 characters or fewer.' }}
      editListingHref="/edit"
      onCaption={() => {}}
      onSeconds={() => {}}
      onMotion={() => {}}
      onScript={() => {}}
      onMove={(from, to) => {
        setDoc((d) => moveScene(d, from, to))
        return moveAnnouncement(scenes[from], from, to, scenes.length)
      }}
      onRemove={() => {}}
      onAdd={onAdd}
      onPreview={() => {}}
    />
  )
}

let container: HTMLDivElement
let root: Root
const captions = () => [...container.querySelectorAll<HTMLInputElement>('[data-testid="scene-caption"]')].map((i) => i.value)
const announcer = () => container.querySelector('[data-testid="scene-announcer"]')!
const key = (el: Element, k: string, alt = true) =>
  act(() => {
    el.dispatchEvent(new KeyboardEvent('keydown', { key: k, altKey: alt, bubbles: true }))
  })

describe('scene list', () => {
  const onAdd = vi.fn()
  beforeEach(() => {
    container = document.createElement('div')
    document.body.append(container)
    root = createRoot(container)
    act(() => root.render(<Harness onAdd={onAdd} />))
  })
  afterEach(() => {
    act(() => root.unmount())
    container.remove()
  })

  it('labels every row and field by its position', () => {
    expect(container.querySelectorAll('[data-testid="scene-row"]')).toHaveLength(3)
    expect(container.querySelector('[aria-label="Caption for scene 2"]')).not.toBeNull()
    expect(container.querySelector('[aria-label^="Reorder scene 1: Front"]')).not.toBeNull()
    expect(announcer().getAttribute('aria-live')).toBe('assertive')
  })

  it('moves a scene with Alt+Arrow on its handle and announces it; focus stays on the moved row', () => {
    const handle = container.querySelectorAll<HTMLButtonElement>('[data-testid="scene-handle"]')[1]
    handle.focus()
    key(handle, 'ArrowUp')
    expect(captions()).toEqual(['Kitchen', 'Front', ''])
    expect(announcer().textContent).toBe('Moved Kitchen to position 1 of 3.')
    expect(document.activeElement).toBe(handle)
    key(handle, 'End')
    expect(captions()).toEqual(['Front', '', 'Kitchen'])
    key(handle, 'ArrowDown')
    expect(captions()).toEqual(['Front', '', 'Kitchen'])
  })

  it('moves with the earlier/later buttons, which are disabled at the ends', () => {
    const earlier = container.querySelector<HTMLButtonElement>('[aria-label="Move scene 1 earlier"]')!
    expect(earlier.disabled).toBe(true)
    act(() => container.querySelector<HTMLButtonElement>('[aria-label="Move scene 3 earlier"]')!.click())
    expect(captions()).toEqual(['Front', '', 'Kitchen'])
    expect(announcer().textContent).toBe('Moved Scene 3 to position 2 of 3.')
  })

  it('shows a field error next to its field', () => {
    const input = container.querySelector('[aria-label="Caption for scene 2"]')!
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(container.textContent).toContain('Scene 2 caption: keep it to 80 characters or fewer.')
  })

  it('adds picked unused photos', () => {
    const add = container.querySelector<HTMLButtonElement>('[data-testid="add-scenes"]')!
    expect(add.disabled).toBe(true)
    act(() => container.querySelector<HTMLButtonElement>('[data-testid="unused-photo"]')!.click())
    expect(add.textContent).toBe('Add 1 scene')
    act(() => add.click())
    expect(onAdd).toHaveBeenCalledWith([expect.objectContaining({ id: 'p4' })])
  })
})
