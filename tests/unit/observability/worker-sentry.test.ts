import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWorkerMonitoring } from '@/lib/monitoring/worker'
import { startSentryReceiver, type SentryReceiver } from '../../helpers/observability-receivers'

// The render worker's error reports (@sentry/node), against a local stand-in of Sentry.
let sentry: SentryReceiver
beforeAll(async () => {
  sentry = await startSentryReceiver()
})
afterAll(() => sentry.close())

const run = {
  id: '6a1c2b3d-4e5f-4a7b-8c9d-0e1f2a3b4c5d',
  team_id: '0f2f6a2e-3c55-4d3f-9d0b-2f6a8c7e1a11',
  requested_by: '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  trial_project_id: null,
  template: 'social-reel',
  format: 'portrait',
  codec: 'h264',
  quality: 'standard',
}

function encodeFrames(): never {
  throw new Error('ffmpeg exited with code 1 while encoding')
}

describe('the render worker reporting to Sentry', () => {
  it('starts nothing without SENTRY_DSN', async () => {
    expect(await startWorkerMonitoring({})).toBeNull()
  })

  it('reports a failed run with its stack, its id and team, and the account (id only)', async () => {
    const monitoring = await startWorkerMonitoring({ SENTRY_DSN: sentry.dsn, SENTRY_ENVIRONMENT: 'test', SENTRY_RELEASE: 'worker-test-1' })
    expect(monitoring).not.toBeNull()
    let error: unknown
    try {
      encodeFrames()
    } catch (caught) {
      error = caught
    }
    const eventId = monitoring!.reportRunFailure(run, error)
    expect(await monitoring!.flush(5_000)).toBe(true)
    await sentry.waitFor((r) => r.path === '/api/1/envelope/', 5_000, 'an envelope')
    const event = sentry.items('event').map((item) => item.payload).find((payload) => payload.event_id === eventId)
    expect(event, 'the reported event').toBeTruthy()
    expect(event).toMatchObject({
      environment: 'test',
      release: 'worker-test-1',
      tags: { run_id: run.id, team_id: run.team_id, trial: 'false', component: 'render-worker' },
      user: { id: run.requested_by },
      contexts: { render_run: { id: run.id, template: 'social-reel', format: 'portrait', codec: 'h264', quality: 'standard' } },
    })
    const exception = (event!.exception as { values: Array<{ type: string; value: string; stacktrace: { frames: Array<{ function?: string }> } }> }).values[0]
    expect(exception).toMatchObject({ type: 'Error', value: 'ffmpeg exited with code 1 while encoding' })
    expect(exception.stacktrace.frames.some((frame) => frame.function === 'encodeFrames')).toBe(true)
    expect(JSON.stringify(event)).not.toMatch(/@demo\.test|email/)
  })
})
