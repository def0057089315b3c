import { describe, expect, it } from 'vitest'
import { reusedLabel } from '../../../components/videos/render-progress.tsx'

describe('how a run says what the render cache supplied (issue 28)', () => {
  it('counts against the frames the run made once it is done, and the video while it runs', () => {
    // done: 11 s at 30 fps of a 30-s video (a test rig's slice), all from the cache
    expect(reusedLabel({ reused_frames: 330, total_frames: 909, duration_s: 11, fps: 30 })).toBe('all reused')
    expect(reusedLabel({ reused_frames: 723, total_frames: 915, duration_s: 30.5, fps: 30 })).toBe('79% reused')
    // running: no length yet, the whole video is the measure
    expect(reusedLabel({ reused_frames: 454, total_frames: 909, duration_s: null, fps: 30 })).toBe('50% reused')
  })
})
