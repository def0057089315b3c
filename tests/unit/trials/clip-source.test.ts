import { describe, expect, it } from 'vitest'
import { trialClipSource } from '../../../lib/trials/paths.ts'
import { HOSTILE_MEDIA_SOURCES } from '../../fixtures/hostile-media-sources.ts'

// Keeping a trial copies its narration clips into the team (lib/trials/import-clips.ts). The trial's
// props are the visitor's to write, so the source of each copy is checked here: only a clip in the
// visitor's own folder, in the exact shape the trial narration writes, is ever copied.

const me = '11111111-2222-4333-8444-555555555555'
const other = '99999999-8888-4777-8666-555555555555'
const hash = 'a'.repeat(64)

describe('trialClipSource', () => {
  it('takes the visitor’s own clip, WAV or MP3', () => {
    expect(trialClipSource(`media:trials/${me}/narration/${hash}.wav`, me)).toEqual({ path: `trials/${me}/narration/${hash}.wav`, extension: 'wav', mime: 'audio/wav' })
    expect(trialClipSource(`media:trials/${me}/narration/${hash}.mp3`, me)?.mime).toBe('audio/mpeg')
  })

  it('refuses every other source', () => {
    const hostile = [
      `media:trials/${other}/narration/${hash}.wav`,
      `media:trials/${me}/photos/${hash}.wav`,
      `media:trials/${me}/narration/../../${other}/narration/${hash}.wav`,
      `media:trials/${me}/narration/%2e%2e/${hash}.wav`,
      `media:trials/${me}/narration/sub/${hash}.wav`,
      `media:trials/${me}/narration/${hash}.wav/../x.wav`,
      `media:trials/${me}/narration/${hash}.ogg`,
      `media:trials/${me}/narration/${hash.slice(1)}.wav`,
      `media:trials/${me}/narration/${hash.toUpperCase()}.wav`,
      `media:trials/${me}/narration/${hash}.wav?x=1`,
      `media: trials/${me}/narration/${hash}.wav`,
      `trials/${me}/narration/${hash}.wav`,
      `media:${other}/narration/${hash}.wav`,
      `media:trials/${me}narration/${hash}.wav`,
      ...HOSTILE_MEDIA_SOURCES,
    ]
    for (const src of hostile) expect(trialClipSource(src, me), src).toBeNull()
  })
})
