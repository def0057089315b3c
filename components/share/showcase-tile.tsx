'use client'

import Link from 'next/link'
import { useRef } from 'react'
import { formatLabel } from '@/components/videos/format-label'
import { POSTER_WIDTHS, posterUrl } from '@/lib/share/poster'
import type { ShowcaseVideo } from '@/lib/share/showcase'

/**
 * A showcase entry: its poster, playing muted while pointed at or focused; opens the share page.
 * `eager`: the first row's posters load at once (lazy loading delayed the page's largest paint).
 */
export function ShowcaseTile({ video, eager = false }: { video: ShowcaseVideo; eager?: boolean }) {
  const ref = useRef<HTMLVideoElement>(null)
  const play = () => {
    const element = ref.current
    if (!element) return
    if (!element.src) element.src = `/share/${video.share_id}/video`
    void element.play().catch(() => undefined)
  }
  const stop = () => ref.current?.pause()
  const aspect = video.format === 'landscape' ? 'aspect-video' : video.format === 'portrait' ? 'aspect-[9/16]' : 'aspect-square'
  return (
    <Link
      href={`/share/${video.share_id}`}
      onMouseEnter={play}
      onMouseLeave={stop}
      onFocus={play}
      onBlur={stop}
      className="group block overflow-hidden rounded-2xl bg-surface ring-1 ring-border transition hover:shadow-md focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
    >
      <div className={`relative ${aspect} max-h-96 w-full bg-black`}>
        {video.poster_path ? (
          // eslint-disable-next-line @next/next/no-img-element -- scaled WebP posters served by the share route
          <img
            src={posterUrl(video.share_id, 480)}
            srcSet={POSTER_WIDTHS.map((w) => `${posterUrl(video.share_id, w)} ${w}w`).join(', ')}
            sizes="(min-width: 1024px) 300px, (min-width: 640px) 45vw, 90vw"
            alt="" loading={eager ? 'eager' : 'lazy'} fetchPriority={eager ? 'high' : 'auto'} className="absolute inset-0 h-full w-full object-cover" />
        ) : null}
        <video ref={ref} muted loop playsInline preload="none" aria-hidden className="absolute inset-0 h-full w-full object-cover opacity-0 transition group-hover:opacity-100 group-focus-visible:opacity-100" />
      </div>
      <div className="p-3">
        <p className="truncate font-medium text-ink">{video.name}</p>
        <p className="text-sm text-muted">
          {[video.city, formatLabel(video.format)].filter(Boolean).join(' · ')}
        </p>
      </div>
    </Link>
  )
}
