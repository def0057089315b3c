'use client'

import { memo, useEffect, useLayoutEffect, useReducer, useRef, useState, type KeyboardEvent, type RefObject } from 'react'
import type { PlayerRef } from '@remotion/player'
import { Maximize, Minimize, Pause, Play, Volume2, VolumeX } from 'lucide-react'
import { cn } from '@/components/ui/cn'
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

// The Player's own controls, under the picture (player-impl.tsx): every one a real button or range input.

const buttonClass =
  'inline-flex size-9 shrink-0 items-center justify-center rounded-md text-white/90 transition-colors hover:bg-white/15 hover:text-white ' +
  'focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-white [&_svg]:size-[18px]'

export interface ControlsProps {
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
export const PlayerControls = memo(function PlayerControls({ playerRef, frameRef, attempt, durationInFrames, fps, autoPlay, onStateChange }: ControlsProps) {
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
})
