import { describe, expect, it } from 'vitest'
import { captionFiles, timestamp, toSrt, toVtt, type CaptionCue } from '@/lib/captions/files'
import { timelineFor } from '@/remotion/catalog'
import { narratedProps } from './fixtures'

const cue = (startFrame: number, endFrame: number, lines: string[]): CaptionCue => ({ sceneIndex: 0, startFrame, endFrame, lines, lineWords: lines.map(() => 1), words: [] })

describe('caption files', () => {
  it('writes timestamps as SRT (comma) and VTT (dot), to the millisecond, past an hour', () => {
    expect(timestamp(1.2, ',')).toBe('00:00:01,200')
    expect(timestamp(1.2, '.')).toBe('00:00:01.200')
    expect(timestamp(0, ',')).toBe('00:00:00,000')
    expect(timestamp(61.0005, '.')).toBe('00:01:01.001')
    expect(timestamp(3723.4567, ',')).toBe('01:02:03,457')
  })

  it('numbers SRT cues from 1 with frame-exact times and a blank line between', () => {
    const srt = toSrt([cue(36, 90, ['Welcome to 12 Harbour View Road,']), cue(90, 150, ['a bright four-bedroom home', 'above the water.'])], 30)
    expect(srt).toBe(
      '1\n00:00:01,200 --> 00:00:03,000\nWelcome to 12 Harbour View Road,\n\n' +
        '2\n00:00:03,000 --> 00:00:05,000\na bright four-bedroom home\nabove the water.\n',
    )
  })

  it('starts VTT with its header, uses dots and escapes markup; no text can fake a timing line', () => {
    const vtt = toVtt([cue(12, 37, ['Fish & chips <b>here</b> --> now'])], 25)
    expect(vtt).toBe('WEBVTT\n\n1\n00:00:00.480 --> 00:00:01.480\nFish &amp; chips &lt;b&gt;here&lt;/b&gt; → now\n')
  })

  it('builds both files for a narrated video, the last cue inside the video; none without words', () => {
    const props = narratedProps()
    const timeline = timelineFor('classic-tour', props)
    const files = captionFiles(props, timeline)!
    expect(files.cues).toBeGreaterThanOrEqual(5)
    expect(files.endSeconds).toBeLessThanOrEqual(timeline.durationInFrames / timeline.fps)
    const srtBlocks = files.srt.trim().split('\n\n')
    const vttBlocks = files.vtt.replace(/^WEBVTT\n\n/, '').trim().split('\n\n')
    expect(srtBlocks).toHaveLength(files.cues)
    expect(vttBlocks).toHaveLength(files.cues)
    srtBlocks.forEach((block, i) => {
      const [n, times, ...lines] = block.split('\n')
      expect(n).toBe(String(i + 1))
      expect(times).toMatch(/^\d\d:\d\d:\d\d,\d{3} --> \d\d:\d\d:\d\d,\d{3}$/)
      expect(lines.length).toBeGreaterThanOrEqual(1)
      expect(lines.length).toBeLessThanOrEqual(2)
      expect(vttBlocks[i].split('\n')[1]).toBe(times.replace(/,/g, '.'))
    })
    // a slice of the render: nothing after it
    const short = captionFiles(props, timeline, { to: 200 })!
    expect(short.endSeconds).toBeLessThanOrEqual(200 / timeline.fps)
    // a slice from frame 300: its first cue starts at the file's 0 or later
    const slice = captionFiles(props, timeline, { from: 300, to: 450 })!
    expect(slice.srt.split('\n')[1]).toMatch(/^00:00:0[0-5],\d{3} --> /)
    expect(slice.endSeconds).toBeLessThanOrEqual(150 / timeline.fps)
    expect(captionFiles({ scenes: [{ id: 'a', src: '/a.jpg' }] }, timeline)).toBeNull()
  })
})
