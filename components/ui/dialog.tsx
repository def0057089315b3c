'use client'

import { useEffect, useId, useRef, type ReactNode } from 'react'
import { X } from 'lucide-react'
import { cn } from './cn'

export interface DialogProps {
  open: boolean
  onClose: () => void
  title: ReactNode
  description?: ReactNode
  children?: ReactNode
  /** buttons shown at the bottom right */
  footer?: ReactNode
  className?: string
}

/**
 * A modal built on the native <dialog>: the browser gives focus trapping, Escape to close and the
 * backdrop; React only mirrors `open` into showModal()/close().
 */
export function Dialog({ open, onClose, title, description, children, footer, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const ids = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${ids}-title`}
      aria-describedby={description ? `${ids}-description` : undefined}
      onClose={onClose}
      onClick={(event) => {
        // a click on the backdrop lands on the dialog element itself
        if (event.target === ref.current) onClose()
      }}
      className={cn(
        'm-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border border-border bg-surface p-0 text-ink shadow-pop',
        className,
      )}
    >
      <div className="p-6">
        <div className="flex items-start justify-between gap-4">
          <div className="space-y-1">
            <h2 id={`${ids}-title`} className="text-lg font-semibold">
              {title}
            </h2>
            {description ? (
              <p id={`${ids}-description`} className="text-sm text-muted">
                {description}
              </p>
            ) : null}
          </div>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            className="-m-1 rounded-md p-1 text-subtle hover:bg-ink/5 hover:text-ink"
          >
            <X className="size-4" />
          </button>
        </div>
        {children ? <div className="mt-5">{children}</div> : null}
      </div>
      {footer ? (
        <div className="flex flex-col-reverse gap-2 rounded-b-2xl border-t border-border bg-canvas px-6 py-4 sm:flex-row sm:justify-end">
          {footer}
        </div>
      ) : null}
    </dialog>
  )
}
