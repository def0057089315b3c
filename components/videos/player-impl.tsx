'use client'

import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ComponentType, type CSSProperties } from 'react'
import { Player, type PlayerRef } from '@remotion/player'
import { AlertTriangle, RotateCcw } from 'lucide-react'
import { cn } from '@/components/ui/cn'
import { whenIdle } from '@/lib/browser/idle'
import { REPLAY_BLOCK } from '@/lib/analytics/constants'
import { mediaUrlSwapper } from '@/lib/videos/media-refs'
import { timelineFor, type TemplateId } from '@/remotion/catalog'
import { TEMPLATE_COMPONENTS } from '@/remotion/components'
import { VIDEO_FORMATS, type VideoFormat } from '@/remotion/constants'
import { loadMediaAudio } from '@/remotion/scenes/media-audio'
import type { VideoProps } from '@/remotion/schema'
import type { PlayerStatus } from './player-state'
import { PlayerControls } from './player-controls'

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

/*
 * The video's props reach the composition through this context, not through the Player's inputProps.
 * Remotion puts inputProps into the video config that every <Sequence> and useVideoConfig() reads, so
 * a new props object (each keystroke in the editor) re-rendered all of the composition's ~50
 * Sequences. Through a context only the template re-renders, and below it only what changed
 * (remotion/scenes/TemplateVideo.tsx, AudioTracks, SceneNarration: npm run bench:editor-renders counts it).
 * The Player gets one constant inputProps object; its length, fps and size stay Player props.
 */
const LiveProps = createContext<Record<string, unknown> | null>(null)
const NO_INPUT_PROPS: Record<string, unknown> = {}
const liveTemplates = new Map<TemplateId, ComponentType<Record<string, unknown>>>()

/** One stable component per template (a new type would remount the composition) that reads LiveProps. */
function liveTemplate(template: TemplateId): ComponentType<Record<string, unknown>> {
  let component = liveTemplates.get(template)
  if (!component) {
    const Template = TEMPLATE_COMPONENTS[template] as unknown as ComponentType<Record<string, unknown>>
    component = function LiveTemplate() {
      const props = useContext(LiveProps)
      return props ? <Template {...props} /> : null
    }
    liveTemplates.set(template, component)
  }
  return component
}

/**
 * The audio layers' code (remotion/scenes/media-audio.tsx) after the Player's first picture: at once
 * when it plays by itself, else when the page is idle (within a second), so it never competes with
 * the page's first load; the layers mount at the current frame when it arrives.
 */
function useMediaAudio(autoPlay: boolean) {
  useEffect(() => {
    const load = () => void loadMediaAudio().catch((error: unknown) => console.warn('[player] the audio code could not be loaded', error))
    if (autoPlay) return load()
    return whenIdle(load, 1_000)
  }, [autoPlay])
}

const PLAYER_STYLE: CSSProperties = { width: '100%', height: '100%' }
const renderLoading = () => <div className="size-full animate-pulse-late bg-white/5" />

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
  useMediaAudio(autoPlay)
  // while the composition shows its error (with a button), the picture is not hidden from assistive tech
  const [crashedAt, setCrashedAt] = useState<number | null>(null)
  const crashed = crashedAt === attempt
  const { width, height } = VIDEO_FORMATS[format]
  const timeline = useMemo(() => timelineFor(template, props), [template, props])
  // converted with structural sharing: an edit renews only the objects it changed
  const swapUrls = useMemo(() => mediaUrlSwapper(urls), [urls])
  const inputProps = useMemo(() => swapUrls(props) as unknown as Record<string, unknown>, [swapUrls, props])
  const component = liveTemplate(template)

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

  // the same element while nothing the Player itself takes changes: a new video props object reaches
  // the composition through LiveProps, and the Player's own tree (a dozen providers) skips the render
  const { durationInFrames, fps } = timeline
  const player = useMemo(
    () => (
      <Player
        key={attempt}
        ref={playerRef}
        component={component}
        inputProps={NO_INPUT_PROPS}
        durationInFrames={durationInFrames}
        fps={fps}
        compositionWidth={width}
        compositionHeight={height}
        style={PLAYER_STYLE}
        controls={false}
        clickToPlay
        doubleClickToFullscreen={false}
        spaceKeyToPlayOrPause={false}
        autoPlay={autoPlay}
        initiallyMuted={autoPlay}
        errorFallback={errorFallback}
        renderLoading={renderLoading}
        // the licence terms are in the README (Licences); acknowledged, so the Player stops warning
        acknowledgeRemotionLicense
      />
    ),
    [attempt, component, durationInFrames, fps, width, height, autoPlay, errorFallback],
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
          <LiveProps.Provider value={inputProps}>
          {player}
          </LiveProps.Provider>
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
