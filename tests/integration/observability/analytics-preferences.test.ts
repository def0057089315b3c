import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { captureServerEvent } from '@/lib/analytics/server'
import { readAccountOptOut } from '@/lib/analytics/preferences-read'
import { startWorkerMonitoring } from '@/lib/monitoring/worker'
import { renderOutcomeReporter } from '@/lib/observability/render-outcomes'
import type { RenderRun } from '@/worker/loop'
import { clientFor } from '../../helpers/supabase.ts'
import { startPostHogReceiver, startSentryReceiver, type PostHogReceiver, type SentryReceiver } from '../../helpers/observability-receivers.ts'
import { assembleCast, behind, must, type Cast } from '../app/cast.ts'

// The analytics opt-out as the database keeps it (one's own row only), and the server-side events
// and reports the render worker sends, against local stand-ins of PostHog and Sentry.
describe('the analytics opt-out and server-side events', () => {
  let cast: Cast
  let posthog: PostHogReceiver
  let sentry: SentryReceiver
  const KEY = 'phc_integration_key'
  const config = () => ({ key: KEY, host: posthog.url, assetsHost: posthog.url, uiHost: posthog.url })

  beforeAll(async () => {
    cast = await assembleCast()
    posthog = await startPostHogReceiver()
    sentry = await startSentryReceiver()
  })
  afterAll(async () => {
    await posthog?.close()
    await sentry?.close()
    await cast?.standIn.stop()
  })

  it('stores a person’s choice through set_analytics_opt_out, and answers it', async () => {
    expect(must(await cast.owner.client.rpc('set_analytics_opt_out', { p_opted_out: true }), 'opt out')).toBe(true)
    expect(await behind(cast, 'analytics_preferences', { user_id: cast.owner.id })).toMatchObject([{ opted_out: true }])
    expect(must(await cast.owner.client.rpc('set_analytics_opt_out', { p_opted_out: false }), 'opt in')).toBe(false)
    expect(await behind(cast, 'analytics_preferences', { user_id: cast.owner.id })).toMatchObject([{ opted_out: false }])
    expect(await readAccountOptOut(cast.owner.client, cast.owner.id)).toBe(false)
    expect(await readAccountOptOut(cast.member.client, cast.member.id)).toBe(false)
  })

  it('lets nobody else read or change it, teammates and administrators included', async () => {
    must(await cast.owner.client.rpc('set_analytics_opt_out', { p_opted_out: true }), 'opt out')
    for (const [who, client] of [['member', cast.member.client], ['site admin', cast.siteAdmin.client], ['visitor', cast.visitor]] as const) {
      const read = await client.from('analytics_preferences').select('user_id').eq('user_id', cast.owner.id)
      expect(read.data ?? [], who).toEqual([])
      const changed = await client.from('analytics_preferences').update({ opted_out: false }).eq('user_id', cast.owner.id).select('user_id')
      expect(changed.data ?? [], who).toEqual([])
      const planted = await client.from('analytics_preferences').insert({ user_id: cast.owner.id, opted_out: false })
      expect(planted.error, who).not.toBeNull()
    }
    const moved = await cast.owner.client.from('analytics_preferences').update({ user_id: cast.member.id } as never).eq('user_id', cast.owner.id)
    expect(moved.error).not.toBeNull()
    expect(await behind(cast, 'analytics_preferences', { user_id: cast.owner.id })).toMatchObject([{ opted_out: true }])
    expect(await readAccountOptOut(cast.service, cast.owner.id)).toBe(true)
  })

  it('has no choice to store for a trial (anonymous) session', async () => {
    const trial = clientFor(cast.standIn)
    must(await trial.auth.signInAnonymously(), 'anonymous sign-in')
    const stored = await trial.rpc('set_analytics_opt_out', { p_opted_out: true })
    expect(stored.error).not.toBeNull()
  })

  it('sends a server event to the capture API with the person and team, unless they opted out', async () => {
    must(await cast.member.client.rpc('set_analytics_opt_out', { p_opted_out: false }), 'member in')
    const properties = { fresh: true }
    expect(await captureServerEvent({ event: 'try_started', userId: cast.member.id, teamId: cast.teamId, properties }, { config: config(), db: cast.service })).toBe(true)
    const request = await posthog.waitFor((r) => r.path === '/batch/', 5_000, 'a capture')
    expect(JSON.parse(request.body.toString())).toMatchObject({
      api_key: KEY,
      batch: [{ event: 'try_started', distinct_id: cast.member.id, properties: { fresh: true, $groups: { team: cast.teamId }, $geoip_disable: true } }],
    })
    const before = posthog.requests.length
    // the owner opted out above: nothing leaves
    expect(await captureServerEvent({ event: 'try_started', userId: cast.owner.id, properties }, { config: config(), db: cast.service })).toBe(false)
    // not configured, or not in the catalogue's shape: nothing either
    expect(await captureServerEvent({ event: 'try_started', userId: cast.member.id, properties }, { config: null, db: cast.service })).toBe(false)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(await captureServerEvent({ event: 'try_started', userId: cast.member.id, properties: { fresh: 'yes' } as never }, { config: config(), db: cast.service })).toBe(false)
    warn.mockRestore()
    expect(posthog.requests.length).toBe(before)
  })

  it("reports a failed render run to Sentry with its id, and render_failed / render_succeeded to PostHog", async () => {
    const monitoring = await startWorkerMonitoring({ SENTRY_DSN: sentry.dsn, SENTRY_ENVIRONMENT: 'integration' })
    const report = renderOutcomeReporter({ db: cast.service, monitoring, analytics: config() })
    const run = {
      id: '11111111-2222-4333-8444-555555555555',
      team_id: cast.teamId,
      requested_by: cast.member.id,
      trial_project_id: null,
      template: 'social-reel',
      format: 'portrait',
      codec: 'h264',
      quality: 'standard',
    } as RenderRun
    await report(run, { ok: false, error: new Error('Chromium crashed while rendering'), message: 'The render failed on our side.', renderMs: 1200 })
    await sentry.waitFor((r) => r.path === '/api/1/envelope/', 5_000, 'an envelope')
    const event = sentry.items('event').at(-1)!.payload
    expect(event).toMatchObject({ tags: { run_id: run.id, team_id: cast.teamId }, user: { id: cast.member.id }, environment: 'integration' })
    await posthog.waitFor((r) => r.path === '/batch/' && r.body.includes('render_failed'), 5_000, 'render_failed')
    await report(run, { ok: true, bytes: 123_456, durationS: 12.5, renderMs: 3400 })
    await posthog.waitFor((r) => r.path === '/batch/' && r.body.includes('render_succeeded'), 5_000, 'render_succeeded')
    const events = posthog.requests.filter((r) => r.path === '/batch/').flatMap((r) => (JSON.parse(r.body.toString()) as { batch: Array<{ event: string; properties: object }> }).batch)
    expect(events.find((e) => e.event === 'render_failed')?.properties).toMatchObject({ run_id: run.id, trial: false, reason: 'The render failed on our side.' })
    expect(events.find((e) => e.event === 'render_succeeded')?.properties).toMatchObject({ run_id: run.id, bytes: 123_456, duration_s: 12.5, render_ms: 3400 })
  })
})
