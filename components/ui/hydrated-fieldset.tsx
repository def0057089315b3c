'use client'

import type { ComponentProps } from 'react'
import { useHydrated } from './use-hydrated'

/**
 * A <fieldset> that stays disabled (and busy) until React owns the page: nothing can be typed into
 * server-rendered fields that React would not see (useHydrated).
 *
 * Its own component so that the render which enables it, right after hydration, renders only this
 * element: the fields inside are the parent's elements, unchanged, and React skips them. With the
 * flag read in the editor itself, that render went through the whole editor (about a thousand
 * elements) in the same task as the Player's first render (docs/editor.md, seventh round).
 *
 * `data-hydrating` keeps the fields drawn as they will be once enabled (the `disabled` variant in
 * app/globals.css skips it): the form does not dim and fade back, and no colour transition starts.
 */
export function HydratedFieldset(props: ComponentProps<'fieldset'>) {
  const hydrated = useHydrated()
  return (
    <fieldset
      {...props}
      disabled={!hydrated || props.disabled}
      aria-busy={!hydrated || props['aria-busy'] || undefined}
      data-hydrating={hydrated ? undefined : ''}
    />
  )
}
