// The Player's visible state, from the events @remotion/player emits. Pure so it can be tested
// without a browser; player-impl.tsx feeds it the real events.

export type PlayerStatus = 'Playing' | 'Paused' | 'Buffering'
export type PlayerEvent = 'play' | 'pause' | 'waiting' | 'resume' | 'ended'

export type PlayerState = {
  /** what the viewer asked for: playing or not */
  playing: boolean
  /** the Player is waiting for media (a photo, the music) before it can show the next frame; kept across pause */
  buffering: boolean
}

export const initialPlayerState = (autoPlay = false): PlayerState => ({ playing: autoPlay, buffering: false })

export function reducePlayer(state: PlayerState, event: PlayerEvent): PlayerState {
  switch (event) {
    case 'play':
      return { ...state, playing: true }
    case 'pause':
    case 'ended':
      // the media may still be loading: a later play must show Buffering until it resumes
      return { ...state, playing: false }
    case 'waiting':
      return { ...state, buffering: true }
    case 'resume':
      return { ...state, buffering: false }
  }
}

/** Buffering only while playing was asked for: a paused Player that is still loading is paused. */
export function playerStatus(state: PlayerState): PlayerStatus {
  if (!state.playing) return 'Paused'
  return state.buffering ? 'Buffering' : 'Playing'
}

/** 0:03, 1:05, 12:00 — whole seconds, rounded down. */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0))
  const minutes = Math.floor(whole / 60)
  return `${minutes}:${String(whole % 60).padStart(2, '0')}`
}

/** "0:03 / 0:42" for a frame of a video `durationInFrames` long (the length rounded, like the details card). */
export function formatPosition(frame: number, durationInFrames: number, fps: number): string {
  return `${formatClock(frame / fps)} / ${formatClock(Math.round(durationInFrames / fps))}`
}

/** Words for the seek bar's aria-valuetext: "3 seconds of 42". */
export function describePosition(frame: number, durationInFrames: number, fps: number): string {
  const at = Math.floor(frame / fps)
  const total = Math.round(durationInFrames / fps)
  return `${at} second${at === 1 ? '' : 's'} of ${total}`
}

/** Keeps a seek target inside the video. */
export function clampFrame(frame: number, durationInFrames: number): number {
  if (!Number.isFinite(frame)) return 0
  return Math.min(Math.max(0, Math.round(frame)), Math.max(0, durationInFrames - 1))
}
