'use client'

import { Toaster as Sonner } from 'sonner'
import type { CSSProperties } from 'react'
import { TOASTS } from '@/lib/constants'

/**
 * The one toast stack of the app, with the spec's defaults (bottom-right, 4 s, 3 visible,
 * 356 px, 14 px gap). Width is passed through `--width` so it holds even if sonner's own
 * default ever changes. Use `toast.success|info|warning|error|loading` from 'sonner'.
 */
export function Toaster() {
  return (
    <Sonner
      position={TOASTS.position}
      duration={TOASTS.duration}
      visibleToasts={TOASTS.visibleToasts}
      gap={TOASTS.gap}
      richColors
      closeButton
      style={{ '--width': `${TOASTS.width}px`, fontFamily: 'var(--font-inter), ui-sans-serif, system-ui' } as CSSProperties}
      toastOptions={{ classNames: { toast: 'shadow-pop', title: 'font-medium' } }}
    />
  )
}
