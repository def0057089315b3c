import { describe, expect, it } from 'vitest'
import { workerSettings } from '../../../worker/config.ts'

describe('the worker settings for the render cache (issue 28)', () => {
  it('caches and renders ahead unless told not to', () => {
    expect(workerSettings({})).toMatchObject({ cache: true, ahead: true })
    expect(workerSettings({ RENDER_AHEAD: 'off' })).toMatchObject({ cache: true, ahead: false })
  })

  it('renders nothing ahead without the cache, and refuses values it does not know', () => {
    expect(workerSettings({ RENDER_CACHE: 'off' })).toMatchObject({ cache: false, ahead: false })
    expect(() => workerSettings({ RENDER_CACHE: 'no' })).toThrow(/RENDER_CACHE must be on or off/)
    expect(() => workerSettings({ RENDER_AHEAD: '1' })).toThrow(/RENDER_AHEAD must be on or off/)
  })
})
