'use client'

import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState, type ComponentType, type CSSProperties, type KeyboardEvent, type RefObject } from 'react'
import { Player, type PlayerRef } from '@remotion/player'
import { AlertTriangle, Maximize, Minimize, Pause, Play, RotateCcw, Volume2, VolumeX } from 'lucide-react'
import { cn } from '@/components/ui/cn'
import { REPLAY_BLOCK } from '@/lib/analytics/constants'
import { mediaUrlSwapper } from '@/lib/videos/media-refs'
import { timelineFor, type TemplateId } from '@/remotion/catalog'
import { TEMPLATE_COMPONENTS } from '@/remotion/components'
import { VIDEO_FORMATS, type VideoFormat } from '@/remotion/constants'
import type { VideoProps } from '@/remotion/schema'
import {
  clampFrame,
  describePosition,
  formatPosition,
  initialPlayerState,
  playerStatus,
  reducePlayer,
  type PlayerEvent,
  type PlayerStatus,
} from './player-state'

// The Player itself, loaded only in the browser (video-player.tsx imports this file with
// next/dynamic and ssr: false). Remotion's own controls are off: ours sit under the picture so
// they never cover it, every one is a real button or range input, and the state chip says what
// the Player reports (Playing, Paused, Buffering).

export interface PlayerImplProps {
  template: TemplateId
  format: VideoFormat
  props: VideoProps
  urls: Record<string, string>
  className?: string
  autoPlay?: boolean
  onStateChange?: (status: PlayerStatus) => void
  /** the tallest the picture may be (CSS length); portrait videos get narrower to fit */
  maxHeight?: string
  /** the accessible name of the player region */
  label?: string
  /** pause and show this frame whenever a new request (new object) arrives */
  seekRequest?: { frame: number } | null
}

const buttonClass =
  'inline-flex size-9 shrink-0 items-center justify-center rounded-md text-white/90 transition-colors hover:bg-white/15 hover:text-white ' +
  'focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-white [&_svg]:size-[18px]'

export function PlayerImpl({
  template,
  format,
  props,
  urls,
  className,
  autoPlay = false,
  onStateChange,
  maxHeight = '70vh',
  label = 'Video preview',
  seekRequest,
}: PlayerImplProps) {
  const playerRef = useRef<PlayerRef>(null)
  const frameRef = useRef<HTMLDivElement>(null)
  const [attempt, setAttempt] = useState(0)
  // while the composition shows its error (with a button), the picture is not hidden from assistive tech
  const [crashedAt, setCrashedAt] = useState<number | null>(null)
  const crashed = crashedAt === attempt
  const { width, height } = VIDEO_FORMATS[format]
  const timeline = useMemo(() => timelineFor(template, props), [template, props])
  // converted with structural sharing: an edit renews only the objects it changed
  const swapUrls = useMemo(() => mediaUrlSwapper(urls), [urls])
  const inputProps = useMemo(() => swapUrls(props) as unknown as Record<string, unknown>, [swapUrls, props])
  const component = TEMPLATE_COMPONENTS[template] as unknown as ComponentType<Record<string, unknown>>

  useEffect(() => {
    const player = playerRef.current
    if (!seekRequest || !player) return
    player.pause()
    player.seekTo(Math.min(Math.max(0, Math.round(seekRequest.frame)), timeline.durationInFrames - 1))
    // only a new request seeks; a longer or shorter timeline does not
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [seekRequest])

  useEffect(() => {
    const player = playerRef.current
    if (!player) return
    const onError = () => setCrashedAt(attempt)
    player.addEventListener('error', onError)
    return () => player.removeEventListener('error', onError)
  }, [attempt])

  const errorFallback = useCallback(
    ({ error }: { error: Error }) => (
      <div className="flex size-full flex-col items-center justify-center gap-3 bg-ink p-6 text-center text-sm text-white">
        <AlertTriangle aria-hidden className="size-6 text-accent-400" />
        <p className="max-w-xs">The preview stopped: {error.message.replace(/^Error:\s*/, '').slice(0, 160)}</p>
        <button type="button" onClick={() => setAttempt((n) => n + 1)} className="inline-flex items-center gap-1.5 rounded-md bg-white px-3 py-1.5 font-medium text-ink hover:bg-brand-50">
          <RotateCcw aria-hidden className="size-4" /> Reload preview
        </button>
      </div>
    ),
    [],
  )

  return (
    <div
      ref={frameRef}
      data-testid="video-player"
      role="region"
      aria-label={label}
      aria-roledescription="video player"
      // focusable itself, so space and k work after a click on the picture
      tabIndex={0}
      className={cn(
        'overflow-hidden rounded-xl bg-ink shadow-card outline-offset-2 focus-visible:outline-2 focus-visible:outline-brand-500 [--player-max-h:var(--player-height)]',
        '[&:fullscreen]:flex [&:fullscreen]:flex-col [&:fullscreen]:rounded-none [&:fullscreen]:[--player-max-h:calc(100dvh-5.5rem)]',
        className,
      )}
      style={{ '--player-height': maxHeight } as CSSProperties}
    >
      <div className="flex min-h-0 flex-1 items-center justify-center bg-black">
        {/* the picture itself; the controls below carry what assistive tech needs (state, time). Left
            out of session replays: its end card shows the agent's contact details, its frames would flood a replay */}
        <div
          aria-hidden={!crashed}
          className={cn('relative mx-auto', REPLAY_BLOCK)}
          style={{
            aspectRatio: `${width} / ${height}`,
            width: `min(100%, calc(var(--player-max-h) * ${width} / ${height}))`,
          }}
        >
          <Player
            key={attempt}
            ref={playerRef}
            component={component}
            inputProps={inputProps}
            durationInFrames={timeline.durationInFrames}
            fps={timeline.fps}
            compositionWidth={width}
            compositionHeight={height}
            style={{ width: '100%', height: '100%' }}
            controls={false}
            clickToPlay
            doubleClickToFullscreen={false}
            spaceKeyToPlayOrPause={false}
            autoPlay={autoPlay}
            initiallyMuted={autoPlay}
            errorFallback={errorFallback}
            renderLoading={() => <div className="size-full animate-pulse bg-white/5" />}
            // the licence terms are in the README (Licences); acknowledged, so the Player stops warning
            acknowledgeRemotionLicense
          />
        </div>
      </div>
      <PlayerControls
        playerRef={playerRef}
        frameRef={frameRef}
        attempt={attempt}
        durationInFrames={timeline.durationInFrames}
        fps={timeline.fps}
        autoPlay={autoPlay}
        onStateChange={onStateChange}
      />
    </div>
  )
}

interface ControlsProps {
  playerRef: RefObject<PlayerRef | null>
  frameRef: RefObject<HTMLDivElement | null>
  attempt: number
  durationInFrames: number
  fps: number
  autoPlay: boolean
  onStateChange?: (status: PlayerStatus) => void
}

const chipTone: Record<PlayerStatus, string> = {
  Playing: 'bg-success-600 text-white',
  Paused: 'bg-white/15 text-white',
  Buffering: 'bg-accent-400 text-ink',
}

/** Play/pause, seek bar, time, state chip, mute, fullscreen. Holds the per-frame state so the Player does not re-render. */
function PlayerControls({ playerRef, frameRef, attempt, durationInFrames, fps, autoPlay, onStateChange }: ControlsProps) {
  const [state, dispatch] = useReducer(reducePlayer, autoPlay, initialPlayerState)
  const [frame, setFrame] = useState(0)
  const [muted, setMuted] = useState(autoPlay)
  const [fullscreen, setFullscreen] = useState(false)
  const status = playerStatus(state)
  const onStateChangeRef = useRef(onStateChange)
  useEffect(() => {
    onStateChangeRef.current = onStateChange
  }, [onStateChange])
  useEffect(() => {
    onStateChangeRef.current?.(status)
  }, [status])

  useEffect(() => {
    const player = playerRef.current
    if (!player) return
    const on = (event: PlayerEvent) => () => dispatch(event)
    const handlers = {
      play: on('play'),
      pause: on('pause'),
      ended: on('ended'),
      waiting: on('waiting'),
      resume: on('resume'),
    }
    const onFrame = ({ detail }: { detail: { frame: number } }) => setFrame(detail.frame)
    const onMute = ({ detail }: { detail: { isMuted: boolean } }) => setMuted(detail.isMuted)
    player.addEventListener('play', handlers.play)
    player.addEventListener('pause', handlers.pause)
    player.addEventListener('ended', handlers.ended)
    player.addEventListener('waiting', handlers.waiting)
    player.addEventListener('resume', handlers.resume)
    player.addEventListener('frameupdate', onFrame)
    player.addEventListener('seeked', onFrame)
    player.addEventListener('mutechange', onMute)
    return () => {
      player.removeEventListener('play', handlers.play)
      player.removeEventListener('pause', handlers.pause)
      player.removeEventListener('ended', handlers.ended)
      player.removeEventListener('waiting', handlers.waiting)
      player.removeEventListener('resume', handlers.resume)
      player.removeEventListener('frameupdate', onFrame)
      player.removeEventListener('seeked', onFrame)
      player.removeEventListener('mutechange', onMute)
    }
  }, [playerRef, attempt])

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement !== null && document.fullscreenElement === frameRef.current)
    document.addEventListener('fullscreenchange', onChange)
    return () => document.removeEventListener('fullscreenchange', onChange)
  }, [frameRef])

  const shownFrame = clampFrame(frame, durationInFrames)
  const toggle = () => playerRef.current?.toggle()
  const seek = (to: number) => {
    const target = clampFrame(to, durationInFrames)
    playerRef.current?.seekTo(target)
    setFrame(target)
  }
  const toggleMute = () => {
    const player = playerRef.current
    if (!player) return
    if (player.isMuted()) player.unmute()
    else player.mute()
  }
  const toggleFullscreen = () => {
    const element = frameRef.current
    if (!element) return
    if (document.fullscreenElement) void document.exitFullscreen()
    else void element.requestFullscreen?.().catch(() => undefined)
  }

  // keys anywhere in the player region: space/k play, m mute, f fullscreen, arrows seek by a second.
  // One listener for the region's life; it calls the latest handler (the controls re-render per frame).
  const onRegionKey = useRef<(event: globalThis.KeyboardEvent) => void>(() => {})
  useLayoutEffect(() => {
    onRegionKey.current = (event) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return
      const target = event.target as HTMLElement
      const onButton = target.tagName === 'BUTTON'
      const onRange = target.tagName === 'INPUT'
      const key = event.key.toLowerCase()
      if (key === 'k' || (key === ' ' && !onButton)) {
        event.preventDefault()
        playerRef.current?.toggle()
      } else if (key === 'm') {
        event.preventDefault()
        toggleMute()
      } else if (key === 'f') {
        event.preventDefault()
        toggleFullscreen()
      } else if (!onRange && (key === 'arrowleft' || key === 'arrowright')) {
        event.preventDefault()
        const current = playerRef.current?.getCurrentFrame() ?? 0
        seek(current + (key === 'arrowleft' ? -fps : fps))
      }
    }
  })
  useEffect(() => {
    const region = frameRef.current
    if (!region) return
    const onKey = (event: globalThis.KeyboardEvent) => onRegionKey.current(event)
    region.addEventListener('keydown', onKey)
    return () => region.removeEventListener('keydown', onKey)
  }, [frameRef])

  const onSeekKey = (event: KeyboardEvent<HTMLInputElement>) => {
    const steps: Record<string, number> = { ArrowLeft: -fps, ArrowDown: -fps, ArrowRight: fps, ArrowUp: fps, PageDown: -5 * fps, PageUp: 5 * fps }
    if (event.key in steps) {
      event.preventDefault()
      seek(shownFrame + steps[event.key])
    } else if (event.key === 'Home') {
      event.preventDefault()
      seek(0)
    } else if (event.key === 'End') {
      event.preventDefault()
      seek(durationInFrames - 1)
    }
  }

  return (
    <div className="shrink-0 space-y-1 bg-ink px-2 pt-2 pb-1.5 text-white sm:px-3">
      <input
        type="range"
        data-testid="player-seek"
        aria-label="Seek"
        aria-valuetext={describePosition(shownFrame, durationInFrames, fps)}
        min={0}
        max={Math.max(0, durationInFrames - 1)}
        step={1}
        value={shownFrame}
        onChange={(event) => seek(Number(event.target.value))}
        onKeyDown={onSeekKey}
        className="block h-4 w-full cursor-pointer accent-brand-400"
      />
      <div className="flex items-center gap-1">
        <button
          type="button"
          data-testid="player-toggle"
          onClick={toggle}
          aria-label={state.playing ? 'Pause' : 'Play'}
          className={buttonClass}
        >
          {state.playing ? <Pause aria-hidden className="fill-current" /> : <Play aria-hidden className="fill-current" />}
        </button>
        <span data-testid="player-time" className="px-1 text-xs font-medium tabular-nums text-white/85">
          {formatPosition(shownFrame, durationInFrames, fps)}
        </span>
        <span
          data-testid="player-state"
          data-state={status.toLowerCase()}
          className={cn('ml-1 inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-[0.7rem] font-semibold', chipTone[status])}
        >
          <span aria-hidden className={cn('size-1.5 rounded-full bg-current', status === 'Buffering' && 'animate-pulse')} />
          {status}
        </span>
        <span className="sr-only" aria-live="polite">
          {status === 'Buffering' ? 'Buffering' : ''}
        </span>
        <span className="flex-1" />
        <button type="button" data-testid="player-mute" onClick={toggleMute} aria-label={muted ? 'Unmute' : 'Mute'} aria-pressed={muted} className={buttonClass}>
          {muted ? <VolumeX aria-hidden /> : <Volume2 aria-hidden />}
        </button>
        <button
          type="button"
          data-testid="player-fullscreen"
          onClick={toggleFullscreen}
          aria-label={fullscreen ? 'Exit full screen' : 'Full screen'}
          className={buttonClass}
        >
          {fullscreen ? <Minimize aria-hidden /> : <Maximize aria-hidden />}
        </button>
      </div>
    </div>
  )
}
