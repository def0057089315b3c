import { describe, expect, it } from 'vitest'
import {
  clampFrame,
  describePosition,
  formatClock,
  formatPosition,
  initialPlayerState,
  playerStatus,
  reducePlayer,
  type PlayerEvent,
} from '@/components/videos/player-state'

const run = (events: PlayerEvent[], autoPlay = false) => playerStatus(events.reduce(reducePlayer, initialPlayerState(autoPlay)))

describe('player state chip', () => {
  it('starts paused, or playing with autoPlay', () => {
    expect(run([])).toBe('Paused')
    expect(run([], true)).toBe('Playing')
  })

  it('follows play, pause and ended', () => {
    expect(run(['play'])).toBe('Playing')
    expect(run(['play', 'pause'])).toBe('Paused')
    expect(run(['play', 'ended'])).toBe('Paused')
  })

  it('shows Buffering while playing waits for media and returns to Playing on resume', () => {
    expect(run(['play', 'waiting'])).toBe('Buffering')
    expect(run(['play', 'waiting', 'resume'])).toBe('Playing')
    expect(run(['waiting', 'play'])).toBe('Buffering')
  })

  it('a paused Player that is still loading is paused', () => {
    expect(run(['waiting'])).toBe('Paused')
    expect(run(['waiting', 'resume'])).toBe('Paused')
  })

  it('a pause while buffering is a pause, and playing again buffers until the media arrives', () => {
    expect(run(['play', 'waiting', 'pause'])).toBe('Paused')
    expect(run(['play', 'waiting', 'pause', 'play'])).toBe('Buffering')
    expect(run(['play', 'waiting', 'pause', 'play', 'resume'])).toBe('Playing')
    expect(run(['play', 'waiting', 'pause', 'resume'])).toBe('Paused')
  })
})

describe('player time', () => {
  it('formats m:ss', () => {
    expect(formatClock(0)).toBe('0:00')
    expect(formatClock(3.9)).toBe('0:03')
    expect(formatClock(65)).toBe('1:05')
    expect(formatClock(-1)).toBe('0:00')
    expect(formatClock(Number.NaN)).toBe('0:00')
  })

  it('formats the position against the duration', () => {
    expect(formatPosition(90, 1260, 30)).toBe('0:03 / 0:42')
    expect(formatPosition(0, 1128, 30)).toBe('0:00 / 0:38')
    expect(describePosition(90, 1260, 30)).toBe('3 seconds of 42')
    expect(describePosition(30, 300, 30)).toBe('1 second of 10')
  })

  it('keeps seek targets inside the video', () => {
    expect(clampFrame(-5, 100)).toBe(0)
    expect(clampFrame(500, 100)).toBe(99)
    expect(clampFrame(12.4, 100)).toBe(12)
    expect(clampFrame(Number.NaN, 100)).toBe(0)
  })
})
