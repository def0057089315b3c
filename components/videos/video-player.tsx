'use client'

import dynamic from 'next/dynamic'
import { createContext, useContext } from 'react'
import { cn } from '@/components/ui/cn'
import type { TemplateId } from '@/remotion/catalog'
import { VIDEO_FORMATS, type VideoFormat } from '@/remotion/constants'
import type { VideoProps } from '@/remotion/schema'
import type { PlayerStatus } from './player-state'

// The app's way to show a video before it is rendered: the composition itself, drawn in the
// browser by @remotion/player. The Player only ever runs on the client (next/dynamic with
// ssr: false — see TOOLCHAIN.md), so server pages can import these two components directly.
// `props` hold `media:` references; `urls` maps each to a signed URL (withMediaUrls).

export type { PlayerStatus } from './player-state'

export interface VideoPlayerProps {
  template: TemplateId
  format: VideoFormat
  props: VideoProps
  urls: Record<string, string>
  className?: string
  autoPlay?: boolean
  /** called with 'Playing' | 'Paused' | 'Buffering' whenever the state chip changes */
  onStateChange?: (status: PlayerStatus) => void
  /** the tallest the picture may be (CSS length, default 70vh); portrait gets narrower to fit */
  maxHeight?: string
  /** accessible name of the player region (default "Video preview") */
  label?: string
  /** pause and show `frame` whenever a new object is passed (e.g. "show this scene") */
  seekRequest?: { frame: number } | null
}

export interface VideoThumbnailProps {
  template: TemplateId
  format: VideoFormat
  props: VideoProps
  urls: Record<string, string>
  /** the frame to show (default: a moment in the title card) */
  frame?: number
  className?: string
}

const FormatContext = createContext<{ format: VideoFormat; maxHeight: string }>({ format: 'landscape', maxHeight: '70vh' })

function PlayerLoading() {
  const { format, maxHeight } = useContext(FormatContext)
  const { width, height } = VIDEO_FORMATS[format]
  return (
    <div role="status" aria-label="Loading the preview" className="overflow-hidden rounded-xl bg-ink shadow-card">
      <div className="flex justify-center bg-black">
        <div
          className="animate-pulse bg-white/5"
          style={{ aspectRatio: `${width} / ${height}`, width: `min(100%, calc(${maxHeight} * ${width} / ${height}))` }}
        />
      </div>
      <div className="h-[4.25rem] bg-ink" />
    </div>
  )
}

function ThumbnailLoading() {
  return <div aria-hidden className="size-full animate-pulse bg-ink/10" />
}

/**
 * The Player's code (Remotion and the templates): loaded by next/dynamic when the Player first
 * renders, unless a page whose first view is the Player has provided it already by rendering
 * <PlayerPreload /> (player-preload.tsx), which imports it statically so its chunks come with the
 * page's own scripts (npm run bench:editor, "video page → Player").
 */
let playerModule: Promise<typeof import('./player-impl')> | null = null
const loadPlayer = () => (playerModule ??= import('./player-impl'))

/** The Player's code, already loaded by a page that imports it statically (player-preload.tsx). */
export function providePlayer(module: typeof import('./player-impl')) {
  playerModule ??= Promise.resolve(module)
}

const PlayerImpl = dynamic(() => loadPlayer().then((m) => m.PlayerImpl), { ssr: false, loading: PlayerLoading })
const ThumbnailImpl = dynamic(() => import('./player-thumbnail').then((m) => m.ThumbnailImpl), { ssr: false, loading: ThumbnailLoading })

/**
 * A live preview with our own controls: play/pause, a keyboard-operable seek bar, "0:03 / 0:42",
 * a state chip (`data-testid="player-state"`: Playing | Paused | Buffering), mute and full screen.
 * Keys inside the player: space or k play/pause, arrows seek a second, m mute, f full screen.
 */
export function VideoPlayer(props: VideoPlayerProps) {
  return (
    <FormatContext.Provider value={{ format: props.format, maxHeight: props.maxHeight ?? '70vh' }}>
      <PlayerImpl {...props} />
    </FormatContext.Provider>
  )
}

/** One frame of the composition (no controls), sized to its container's width with the format's aspect ratio. */
export function VideoThumbnail({ className, ...rest }: VideoThumbnailProps) {
  const { width, height } = VIDEO_FORMATS[rest.format]
  return (
    <div className={cn('overflow-hidden bg-ink/5', className)} style={{ aspectRatio: `${width} / ${height}` }}>
      <ThumbnailImpl {...rest} />
    </div>
  )
}
