import { describe, expect, it } from 'vitest'
import { parseTrialProject } from '../../../lib/trials/project.ts'
import { HOSTILE_MEDIA_SOURCES } from '../../fixtures/hostile-media-sources.ts'

// Issue 24: a trial project's drafted props are read through the template's schema, media sources
// included; props that do not pass count as not drafted (the video step drafts them again).

const owner = '0b7a3f0e-1c2d-4e5f-8a9b-0c1d2e3f4a5b'
const row = (props: unknown) => ({
  id: '1b7a3f0e-1c2d-4e5f-8a9b-0c1d2e3f4a5b', owner_id: owner, title: 'x', property: {}, photos: [], template: 'social-reel', format: 'portrait',
  voice_id: null, props, expires_at: '2030-01-01T00:00:00Z', claimed_video_id: null, created_at: '2026-01-01T00:00:00Z',
})
const props = (src: string) => ({ listing: { address: { line: '1 Test St' }, offer: 'sale', propertyType: 'house' }, scenes: [{ id: 's1', src }], watermark: true })

describe('a trial project read back', () => {
  it('keeps drafted props whose sources are references or bundled files', () => {
    expect(parseTrialProject(row(props(`media:trials/${owner}/photos/u/front.jpg`))).props?.scenes[0].src).toBe(`media:trials/${owner}/photos/u/front.jpg`)
    expect(parseTrialProject(row(props('/remotion/samples/kitchen.jpg'))).props).not.toBeNull()
  })

  it.each(HOSTILE_MEDIA_SOURCES)('treats props with %s as not drafted', (src) => {
    expect(parseTrialProject(row(props(src))).props).toBeNull()
  })
})
