'use client'

import { useEffect, useRef, useState } from 'react'
import { ChevronLeft, ChevronRight, ImageOff, X } from 'lucide-react'

export interface GalleryPhoto {
  id: string
  url: string | null
  thumbUrl: string | null
  caption: string | null
  name: string
}

/**
 * The listing's photos as a grid; a photo opens a lightbox on the native <dialog> (focus trap and
 * Escape from the browser); the arrow keys and buttons go through the photos, focus returns on close.
 */
export function Gallery({ photos, coverId }: { photos: GalleryPhoto[]; coverId: string | null }) {
  const [open, setOpen] = useState<number | null>(null)
  const dialog = useRef<HTMLDialogElement>(null)
  const opener = useRef<HTMLButtonElement | null>(null)

  useEffect(() => {
    const el = dialog.current
    if (!el) return
    if (open !== null && !el.open) el.showModal()
    if (open === null && el.open) el.close()
  }, [open])

  if (!photos.length) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border-strong bg-canvas px-6 py-10 text-center text-sm text-muted">
        <ImageOff aria-hidden className="size-6" /> No photos yet. Edit the listing to add some.
      </div>
    )
  }

  const step = (delta: number) => setOpen((i) => (i === null ? i : (i + delta + photos.length) % photos.length))
  const current = open === null ? null : photos[open]

  return (
    <>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4" aria-label="Photos">
        {photos.map((photo, index) => (
          <li key={photo.id} className={index === 0 ? 'col-span-2 row-span-2' : undefined}>
            <button
              type="button"
              onClick={(event) => {
                opener.current = event.currentTarget
                setOpen(index)
              }}
              className="group relative block aspect-[4/3] size-full overflow-hidden rounded-lg bg-ink/5 focus-visible:outline-3 focus-visible:outline-brand-500"
              aria-label={`Open photo ${index + 1} of ${photos.length}${photo.caption ? `: ${photo.caption}` : ''}${photo.id === coverId ? '. Cover' : ''}`}
            >
              {/* eslint-disable-next-line @next/next/no-img-element -- signed storage URLs */}
              <img src={(index === 0 ? photo.url : photo.thumbUrl) ?? photo.url ?? ''} alt="" loading="lazy" className="size-full object-cover transition-transform group-hover:scale-[1.02]" />
              {photo.id === coverId ? <span className="absolute left-2 top-2 rounded-full bg-white/90 px-2 py-0.5 text-xs font-medium text-brand-800">Cover</span> : null}
            </button>
          </li>
        ))}
      </ul>
      <dialog
        ref={dialog}
        aria-label="Photo viewer"
        onClose={() => {
          setOpen(null)
          opener.current?.focus()
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowRight') step(1)
          if (event.key === 'ArrowLeft') step(-1)
        }}
        onClick={(event) => {
          if (event.target === dialog.current) setOpen(null)
        }}
        className="m-auto max-h-[100dvh] max-w-[100vw] bg-transparent p-0 backdrop:bg-black/85"
      >
        {current ? (
          <figure className="flex flex-col items-center gap-3 p-4">
            {/* eslint-disable-next-line @next/next/no-img-element -- signed storage URLs */}
            <img src={current.url ?? current.thumbUrl ?? ''} alt={current.caption || current.name} className="max-h-[78dvh] max-w-[92vw] rounded-lg object-contain" />
            <figcaption className="text-center text-sm text-white">
              {current.caption || current.name} <span className="text-white/60 tabular-nums">· {open! + 1} / {photos.length}</span>
            </figcaption>
            <div className="flex gap-2">
              <button type="button" onClick={() => step(-1)} aria-label="Previous photo" className="rounded-full bg-white/15 p-2 text-white hover:bg-white/25">
                <ChevronLeft aria-hidden className="size-5" />
              </button>
              <button type="button" onClick={() => setOpen(null)} aria-label="Close the photo viewer" className="rounded-full bg-white/15 p-2 text-white hover:bg-white/25">
                <X aria-hidden className="size-5" />
              </button>
              <button type="button" onClick={() => step(1)} aria-label="Next photo" className="rounded-full bg-white/15 p-2 text-white hover:bg-white/25">
                <ChevronRight aria-hidden className="size-5" />
              </button>
            </div>
          </figure>
        ) : null}
      </dialog>
    </>
  )
}
