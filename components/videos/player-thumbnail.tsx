'use client'

import { useMemo, type ComponentType } from 'react'
import { Thumbnail } from '@remotion/player'
import { ImageOff } from 'lucide-react'
import { cn } from '@/components/ui/cn'
import { withMediaUrls } from '@/lib/videos/media-refs'
import { timelineFor, type TemplateId } from '@/remotion/catalog'
import { TEMPLATE_COMPONENTS } from '@/remotion/components'
import { VIDEO_FORMATS, type VideoFormat } from '@/remotion/constants'
import { posterFrame } from '@/remotion/duration'
import type { VideoProps } from '@/remotion/schema'
import { clampFrame } from './player-state'

// One still frame of a composition, drawn live in the browser by Remotion's <Thumbnail>
// (video-player.tsx loads this file on the client only).

export interface ThumbnailImplProps {
  template: TemplateId
  format: VideoFormat
  props: VideoProps
  urls: Record<string, string>
  /** the frame to show; by default a moment in the title card once its text is in */
  frame?: number
  className?: string
}

export function ThumbnailImpl({ template, format, props, urls, frame, className }: ThumbnailImplProps) {
  const { width, height } = VIDEO_FORMATS[format]
  const timeline = useMemo(() => timelineFor(template, props), [template, props])
  const inputProps = useMemo(() => withMediaUrls(props, urls) as unknown as Record<string, unknown>, [props, urls])
  const component = TEMPLATE_COMPONENTS[template] as unknown as ComponentType<Record<string, unknown>>
  const shown = clampFrame(frame ?? posterFrame(timeline), timeline.durationInFrames)
  return (
    <Thumbnail
      component={component}
      inputProps={inputProps}
      compositionWidth={width}
      compositionHeight={height}
      durationInFrames={timeline.durationInFrames}
      fps={timeline.fps}
      frameToDisplay={shown}
      className={cn('bg-ink', className)}
      style={{ width: '100%', height: '100%' }}
      errorFallback={() => (
        <div className="flex size-full items-center justify-center bg-ink/90 text-white/70">
          <ImageOff aria-hidden className="size-6" />
          <span className="sr-only">Preview unavailable</span>
        </div>
      )}
      renderLoading={() => <div className="size-full animate-pulse-late bg-ink/10" />}
    />
  )
}
