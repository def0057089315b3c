'use client'

import dynamic from 'next/dynamic'
import { useCallback, useEffect, useState } from 'react'
import { useHydrated } from '@/components/ui/use-hydrated'
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

function PlayerLoading({ format, maxHeight }: { format: VideoFormat; maxHeight: string }) {
  const { width, height } = VIDEO_FORMATS[format]
  return (
    <div role="status" aria-label="Loading the preview" className="overflow-hidden rounded-xl bg-ink shadow-card">
      <div className="flex justify-center bg-black">
        <div
          className="animate-pulse-late bg-white/5"
          style={{ aspectRatio: `${width} / ${height}`, width: `min(100%, calc(${maxHeight} * ${width} / ${height}))` }}
        />
      </div>
      <div className="h-[4.25rem] bg-ink" />
    </div>
  )
}

function PlayerUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="flex aspect-video flex-col items-center justify-center gap-3 rounded-xl bg-ink p-6 text-center text-sm text-white">
      <p>The preview could not be loaded. Check your connection and try again.</p>
      <button type="button" onClick={onRetry} className="rounded-md bg-white px-3 py-1.5 font-medium text-ink hover:bg-brand-50">
        Try again
      </button>
    </div>
  )
}

function ThumbnailLoading() {
  return <div aria-hidden className="size-full animate-pulse-late bg-ink/10" />
}

/*
 * The Player's code (Remotion and the templates), loaded in the browser only. A page whose first view
 * is the Player (the editor, the video page) renders <PlayerPreload />, which imports it statically
 * (player-preload.tsx) so its chunks come with the page's own scripts and it is here before hydration;
 * elsewhere it is imported when a Player first mounts.
 *
 * No Suspense (next/dynamic) around it: React holds back the content of a boundary that has shown its
 * fallback until 300 ms after the fallback appeared (FALLBACK_THROTTLE_MS), so a lazy Player appeared
 * at least 300 ms after the editor had hydrated even with its code already loaded (docs/editor.md,
 * fifth round). The server and hydration render the placeholder; the Player replaces it in the render
 * right after hydration, or when its code arrives.
 */
let playerModule: typeof import('./player-impl') | null = null
let playerLoad: Promise<typeof import('./player-impl')> | null = null
function loadPlayer() {
  playerLoad ??= import('./player-impl').then(
    (module) => (playerModule = module),
    (error: unknown) => {
      // a failed import may be tried again
      playerLoad = null
      throw error
    },
  )
  return playerLoad
}

/** The Player's code, imported statically by a page whose first view is the Player (player-preload.tsx). */
export function providePlayer(module: typeof import('./player-impl')) {
  playerModule ??= module
}

const ThumbnailImpl = dynamic(() => import('./player-thumbnail').then((m) => m.ThumbnailImpl), { ssr: false, loading: ThumbnailLoading })

/**
 * A live preview with our own controls: play/pause, a keyboard-operable seek bar, "0:03 / 0:42",
 * a state chip (`data-testid="player-state"`: Playing | Paused | Buffering), mute and full screen.
 * Keys inside the player: space or k play/pause, arrows seek a second, m mute, f full screen.
 */
export function VideoPlayer(props: VideoPlayerProps) {
  const hydrated = useHydrated()
  // the Player's code: here already when a page provided it, else once its import has arrived
  const [module, setModule] = useState(() => playerModule)
  const [failed, setFailed] = useState(false)
  const load = useCallback(() => {
    loadPlayer().then(setModule, (error: unknown) => {
      console.warn('[player] its code could not be loaded', error)
      setFailed(true)
    })
  }, [])
  useEffect(() => {
    if (!module) load()
  }, [module, load])
  const retry = () => {
    setFailed(false)
    load()
  }
  // the server and the hydration pass render the placeholder; the client the Player once it has its code
  const Impl = hydrated ? module?.PlayerImpl : undefined
  if (Impl) return <Impl {...props} />
  if (failed) return <PlayerUnavailable onRetry={retry} />
  return <PlayerLoading format={props.format} maxHeight={props.maxHeight ?? '70vh'} />
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
