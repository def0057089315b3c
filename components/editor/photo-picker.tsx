'use client'

import { memo, useId, useState } from 'react'
import Link from 'next/link'
import { Check, ImagePlus, Images } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { cn } from '@/components/ui/cn'
import { MAX_PHOTOS } from '@/remotion/constants'
import { type EditorPhoto } from './doc'

/** Photos of the listing that are not in the video yet: pick some and add them at the end. */
/** Memoised: its props stay the same while a caption is typed (the editor keeps `unused` and `onAdd` stable). */
export const PhotoPicker = memo(function PhotoPicker({
  unused,
  room,
  onAdd,
  editListingHref,
}: {
  unused: EditorPhoto[]
  room: number
  onAdd: (photos: EditorPhoto[]) => void
  editListingHref: string
}) {
  const [picked, setPicked] = useState<string[]>([])
  const headingId = useId()
  const chosen = unused.filter((photo) => picked.includes(photo.id))

  if (!unused.length) {
    return (
      <div className="flex flex-col items-start gap-2 rounded-xl border border-dashed border-border-strong bg-canvas px-4 py-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-2 text-sm text-muted">
          <Images aria-hidden className="size-4 shrink-0 text-subtle" />
          Every photo of this property is in the video.
        </p>
        <Link href={editListingHref} className="text-sm font-medium text-brand-700 hover:underline">
          Add photos to the property
        </Link>
      </div>
    )
  }

  return (
    <div role="group" aria-labelledby={headingId} className="space-y-3 rounded-xl border border-dashed border-border-strong bg-canvas p-3 sm:p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-ink">
          <ImagePlus aria-hidden className="size-4 text-brand-600" /> Add scenes
          <span className="font-normal text-muted">
            {unused.length} unused photo{unused.length === 1 ? '' : 's'}
          </span>
        </h3>
        <Button
          size="sm"
          data-testid="add-scenes"
          disabled={!chosen.length || room <= 0}
          onClick={() => {
            onAdd(chosen.slice(0, room))
            setPicked([])
          }}
        >
          {chosen.length ? `Add ${chosen.length} scene${chosen.length === 1 ? '' : 's'}` : 'Add scenes'}
        </Button>
      </div>
      {room <= 0 ? <p className="text-sm text-warning-700">A video holds at most {MAX_PHOTOS} scenes.</p> : null}
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        {unused.map((photo) => {
          const on = picked.includes(photo.id)
          const label = photo.caption || photo.name || 'Untitled photo'
          return (
            <li key={photo.id}>
              <button
                type="button"
                aria-pressed={on}
                aria-label={`${on ? 'Unselect' : 'Select'} photo: ${label}`}
                data-testid="unused-photo"
                onClick={() => setPicked((all) => (on ? all.filter((id) => id !== photo.id) : [...all, photo.id]))}
                className={cn(
                  'relative block aspect-[4/3] w-full overflow-hidden rounded-lg bg-ink/5 ring-offset-2 transition',
                  on ? 'ring-2 ring-brand-600' : 'hover:opacity-90',
                )}
              >
                {photo.thumbUrl || photo.url ? (
                  // eslint-disable-next-line @next/next/no-img-element
                  <img src={(photo.thumbUrl ?? photo.url) as string} alt="" className="size-full object-cover" />
                ) : null}
                {on ? (
                  <span className="absolute right-1 top-1 flex size-5 items-center justify-center rounded-full bg-brand-600 text-white">
                    <Check aria-hidden className="size-3.5" />
                  </span>
                ) : null}
              </button>
            </li>
          )
        })}
      </ul>
      <p className="text-xs text-muted">
        New scenes go at the end; drag them into place.{' '}
        <Link href={editListingHref} className="font-medium text-brand-700 hover:underline">
          Manage the property’s photos
        </Link>
      </p>
    </div>
  )
})
