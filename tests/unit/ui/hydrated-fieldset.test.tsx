// @vitest-environment happy-dom
import { act } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, expect, it } from 'vitest'
import { HydratedFieldset } from '@/components/ui/hydrated-fieldset'

// The editor's form (components/editor/video-editor.tsx): disabled in the server's HTML and during
// hydration, enabled right after, and that enabling render does not go through the fields inside.

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let root: Root | null = null
const container = document.createElement('div')
afterEach(() => {
  if (root) act(() => root!.unmount())
  root = null
  container.remove()
})

it('is disabled and busy in the server HTML, enabled after hydration, without rendering its fields again', async () => {
  const renders: string[] = []
  // not memoised: it is skipped because its element is the same one, not because its props are
  function Field({ name }: { name: string }) {
    renders.push(name)
    return <input aria-label={name} />
  }
  const form = () => (
    <HydratedFieldset className="space-y-5">
      <Field name="Caption" />
    </HydratedFieldset>
  )
  const html = renderToString(form())
  expect(html).toMatch(/<fieldset[^>]*disabled=""/)
  expect(html).toContain('aria-busy="true"')
  // drawn as it will be once enabled (the `disabled` variant in app/globals.css skips it)
  expect(html).toContain('data-hydrating=""')
  expect(html).toContain('class="space-y-5"')

  renders.length = 0
  container.innerHTML = html
  document.body.append(container)
  const errors: unknown[] = []
  await act(async () => {
    root = hydrateRoot(container, form(), { onRecoverableError: (error) => errors.push(error) })
  })
  expect(errors).toEqual([])
  const fieldset = container.querySelector('fieldset')!
  expect(fieldset.disabled).toBe(false)
  expect(fieldset.hasAttribute('aria-busy')).toBe(false)
  expect(fieldset.hasAttribute('data-hydrating')).toBe(false)
  // once, in the hydration pass; the render that enabled the fieldset skipped it
  expect(renders).toEqual(['Caption'])
})

it('stays disabled when the caller disables it', async () => {
  const html = renderToString(<HydratedFieldset disabled />)
  container.innerHTML = html
  document.body.append(container)
  await act(async () => {
    root = hydrateRoot(container, <HydratedFieldset disabled />)
  })
  expect(container.querySelector('fieldset')!.disabled).toBe(true)
})
