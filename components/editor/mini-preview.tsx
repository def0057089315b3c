'use client'

import { useEffect, useState, type RefObject } from 'react'
import { Eye } from 'lucide-react'
import { cn } from '@/components/ui/cn'
import { REPLAY_BLOCK } from '@/lib/analytics/constants'
import { VideoThumbnail } from '@/components/videos/video-player'
import type { TemplateId } from '@/remotion/catalog'
import type { VideoFormat } from '@/remotion/constants'
import type { VideoProps } from '@/remotion/schema'

// Below the xl breakpoint the editor is one column and the Player scrolls away with the top of the
// page. While it is out of view, this small frame of the video (the scene being edited) stays in the
// bottom-left corner and follows every change; pressing it brings the Player back.

const widths: Record<VideoFormat, string> = { landscape: 'w-44', square: 'w-32', portrait: 'w-24' }
// the phone header and the save bar cover the top of the page: a Player under them is out of view
const COVERED_TOP = '-120px 0px 0px 0px'

export function MiniPreview({
  target,
  template,
  format,
  props,
  urls,
  frame,
}: {
  target: RefObject<HTMLElement | null>
  template: TemplateId
  format: VideoFormat
  props: VideoProps
  urls: Record<string, string>
  /** the frame the Player was last asked to show (the thumbnail keeps it inside the video) */
  frame: number
}) {
  const [away, setAway] = useState(false)
  useEffect(() => {
    const element = target.current
    if (!element) return
    const observer = new IntersectionObserver(([entry]) => setAway(!entry.isIntersecting), { rootMargin: COVERED_TOP })
    observer.observe(element)
    return () => observer.disconnect()
  }, [target])

  if (!away) return null
  return (
    <button
      type="button"
      data-testid="mini-preview"
      onClick={() => {
        target.current?.scrollIntoView({ behavior: 'smooth', block: 'center' })
        target.current?.querySelector<HTMLElement>('[data-testid="video-player"]')?.focus({ preventScroll: true })
      }}
      className={cn(
        'fixed bottom-4 left-4 z-30 overflow-hidden rounded-lg bg-ink text-left shadow-pop ring-1 ring-white/20 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 xl:hidden',
        widths[format],
      )}
    >
      <span aria-hidden className={cn('block', REPLAY_BLOCK)}>
        <VideoThumbnail template={template} format={format} props={props} urls={urls} frame={frame} />
      </span>
      <span className="flex items-center gap-1 px-2 py-1 text-[0.7rem] font-medium text-white">
        <Eye aria-hidden className="size-3 shrink-0" /> Back to preview
      </span>
    </button>
  )
}
