import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest'
import { ANALYTICS_EVENTS, ANALYTICS_EVENT_NAMES, parseEvent, type AnalyticsEvent, type EventProperties } from '@/lib/analytics/events'

const TEAM = '0f2f6a2e-3c55-4d3f-9d0b-2f6a8c7e1a11'
const RUN = '6a1c2b3d-4e5f-4a7b-8c9d-0e1f2a3b4c5d'

describe('the event catalogue', () => {
  afterEach(() => vi.restoreAllMocks())

  it('names every event the product sends', () => {
    expect(ANALYTICS_EVENT_NAMES.sort()).toEqual(
      ['coupon_redeemed', 'listing_registered', 'render_failed', 'render_queued', 'render_succeeded', 'share_viewed', 'signed_up', 'team_created', 'try_finished', 'try_started', 'video_created'].sort(),
    )
  })

  it('types each event by its properties', () => {
    expectTypeOf<EventProperties<'team_created'>>().toEqualTypeOf<{ team_id: string; imported_trial: boolean }>()
    expectTypeOf<EventProperties<'try_started'>>().toEqualTypeOf<{ fresh: boolean }>()
    expectTypeOf<'signed_up'>().toExtend<AnalyticsEvent>()
    // @ts-expect-error a property the catalogue does not list is a type error (checked by tsc)
    const extra: EventProperties<'try_started'> = { fresh: true, email: 'x@example.test' }
    expect(extra).toBeTruthy()
  })

  it('accepts what the catalogue lists', () => {
    expect(parseEvent('team_created', { team_id: TEAM, imported_trial: false })).toEqual({ team_id: TEAM, imported_trial: false })
    expect(
      parseEvent('render_failed', { run_id: RUN, team_id: null, trial: true, template: 'social-reel', format: 'portrait', codec: 'h264', reason: 'The render failed.' }),
    ).not.toBeNull()
  })

  it('refuses anything else, so nothing personal rides along by accident', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(parseEvent('try_started', { fresh: true, email: 'someone@example.test' } as never)).toBeNull()
    expect(parseEvent('team_created', { team_id: 'not-an-id', imported_trial: false })).toBeNull()
    expect(parseEvent('share_viewed', { share_id: '../../etc' })).toBeNull()
    expect(parseEvent('no_such_event' as AnalyticsEvent, {} as never)).toBeNull()
    expect(warn).toHaveBeenCalledTimes(4)
  })

  it('is strict for every event', () => {
    for (const name of ANALYTICS_EVENT_NAMES) {
      const schema = ANALYTICS_EVENTS[name]
      expect(schema.safeParse({ ...Object.fromEntries(Object.keys(schema.shape).map((k) => [k, undefined])), unexpected: 1 }).success).toBe(false)
    }
  })
})
