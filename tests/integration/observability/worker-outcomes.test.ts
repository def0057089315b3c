import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWorkerMonitoring } from '../../../lib/monitoring/worker.ts'
import { renderOutcomeReporter } from '../../../lib/observability/render-outcomes.ts'
import { processNextRun, type Renderer } from '../../../worker/loop.ts'
import { createVideo } from '../../../lib/videos/writes.ts'
import { startPostHogReceiver, startSentryReceiver, type PostHogReceiver, type SentryReceiver } from '../../helpers/observability-receivers.ts'
import { assembleCast, behind, db, listingWithPhotos, must, type Cast } from '../videos/fixtures.ts'

// The worker's loop, as scripts/render-worker.ts wires it: a run that fails reaches Sentry with its
// id and PostHog as render_failed, against local stand-ins of both.
describe('the render worker telling Sentry and PostHog how a run ended', () => {
  let cast: Cast
  let listingId: string
  let posthog: PostHogReceiver
  let sentry: SentryReceiver

  beforeAll(async () => {
    cast = await assembleCast()
    ;({ listingId } = await listingWithPhotos(cast.member, cast.teamId, ['Front']))
    must(await cast.service.from('credit_ledger').insert({ team_id: cast.teamId, delta: 5, reason: 'admin_grant' }).select('id'), 'credits')
    posthog = await startPostHogReceiver()
    sentry = await startSentryReceiver()
  })
  afterAll(async () => {
    await posthog?.close()
    await sentry?.close()
    await cast?.standIn.stop()
  })

  it('reports a failed run with its id to Sentry and as render_failed to PostHog', async () => {
    const { id } = await createVideo(db(cast.member), cast.member.id, cast.teamId, listingId, { title: 'Fails', template: 'social-reel', format: 'portrait' })
    const version = (await behind<{ version: number }>(cast, 'videos', { id }))[0].version
    const runId = must(await cast.member.client.rpc('queue_render', { p_video_id: id, p_expected_version: version, p_codec: 'h264', p_total_frames: 300 }), 'queue') as string
    const monitoring = await startWorkerMonitoring({ SENTRY_DSN: sentry.dsn, SENTRY_ENVIRONMENT: 'worker-test' })
    const onOutcome = renderOutcomeReporter({ db: cast.service, monitoring, analytics: { key: 'phc_worker_test', host: posthog.url, assetsHost: posthog.url, uiHost: posthog.url } })
    const broken: Renderer = {
      render: async function renderInChromium() {
        throw new Error('Target closed: the browser went away')
      },
    }
    expect(await processNextRun({ db: cast.service, renderer: broken, workerId: 'test', onOutcome })).toBe(true)

    await sentry.waitFor((r) => r.path === '/api/1/envelope/', 5_000, 'the failure report')
    const event = sentry.items('event').map((i) => i.payload).find((p) => (p.tags as Record<string, string> | undefined)?.run_id === runId)
    expect(event).toMatchObject({ environment: 'worker-test', tags: { team_id: cast.teamId, component: 'render-worker' }, user: { id: cast.member.id } })
    const exception = (event!.exception as { values: Array<{ value: string; stacktrace: { frames: Array<{ function?: string }> } }> }).values.at(-1)!
    expect(exception.value).toBe('Target closed: the browser went away')
    expect(exception.stacktrace.frames.some((frame) => frame.function?.includes('renderInChromium'))).toBe(true)

    const captured = await posthog.waitFor((r) => r.path === '/batch/', 5_000, 'render_failed')
    const [sent] = (JSON.parse(captured.body.toString()) as { batch: Array<{ event: string; distinct_id: string; properties: Record<string, unknown> }> }).batch
    const failed = (await behind<{ error_message: string }>(cast, 'render_runs', { id: runId }))[0]
    expect(sent).toMatchObject({ event: 'render_failed', distinct_id: cast.member.id, properties: { run_id: runId, team_id: cast.teamId, trial: false, reason: failed.error_message } })
  })
})
