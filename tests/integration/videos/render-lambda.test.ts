import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { validateWebhookSignature } from '@remotion/lambda/client'
import { invokeWebhook } from '@remotion/serverless'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MIX_TARGET_LUFS, MIX_TOLERANCE_LU, MIX_TRUE_PEAK_DBTP } from '../../../lib/audio/targets.ts'
import { lambdaConfig } from '../../../lib/env.ts'
import { probe } from '../../../worker/ffmpeg.ts'
import { remotionLambda, type LambdaRenderer } from '../../../lib/render/lambda-client.ts'
import { NEVER_STARTED, handleRenderProgress } from '../../../lib/render/lambda-progress.ts'
import { START_FAILED, startLambdaRender } from '../../../lib/render/lambda-start.ts'
import { handleLambdaWebhook, signWebhookBody } from '../../../lib/render/lambda-webhook.ts'
import { finishLambdaRuns } from '../../../worker/lambda-finish.ts'
import { queueRender } from '../../../lib/render/queue.ts'
import { RENDERS_BUCKET } from '../../../lib/render/outcome.ts'
import { createVideo, saveVideo } from '../../../lib/videos/writes.ts'
import type { VideoProps } from '../../../remotion/schema.ts'
import { startFakeAws, type FakeAws } from '../../helpers/fake-aws.ts'
import { ffmpegLoudness } from '../../helpers/loudness.ts'
import { listen, until } from '../../helpers/realtime.ts'
import { png } from '../listings/fixtures.ts'
import { assembleCast, behind, db, listingWithPhotos, must, wav, type Cast, type Person } from './fixtures.ts'

// Issue 12, Remotion Lambda: the same queue and credit rules; the app's real Remotion/AWS SDK calls
// go to a local fake of AWS (tests/helpers/fake-aws.ts) through AWS_ENDPOINT_URL_*; Lambda's webhook
// is sent by Remotion's own invokeWebhook to the handler behind a local HTTP server.
const FFMPEG_DIR = path.resolve('node_modules/@remotion/compositor-linux-x64-gnu')
const SECRET = 'test-webhook-secret-0123456789abcdef0123456789'

/** A one-second 64×64 H.264 MP4, made by the ffmpeg Remotion ships (what Lambda "rendered"). */
async function tinyMp4(): Promise<Buffer> {
  const frame = await png(64, 64)
  const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'lambda-fixture-')), 'out.mp4')
  execFileSync(path.join(FFMPEG_DIR, 'ffmpeg'), [
    '-hide_banner', '-v', 'error', '-f', 'image2pipe', '-framerate', '30', '-c:v', 'png', '-i', '-',
    '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', out,
  ], { input: Buffer.concat(Array.from({ length: 30 }, () => frame)), env: { ...process.env, LD_LIBRARY_PATH: FFMPEG_DIR } })
  return readFileSync(out)
}

type Run = {
  id: string; status: string; stage: string; renderer: string; progress: number; rendered_frames: number; error_message: string | null
  output_path: string | null; output_bytes: number | null; poster_path: string | null; lambda_render_id: string | null
  lambda_bucket: string | null; lambda_out_name: string | null; lambda_webhook: string | null; updated_at: string
}

describe('renders on Remotion Lambda (AWS faked at the HTTP boundary)', () => {
  let cast: Cast
  let aws: FakeAws
  let lambda: LambdaRenderer
  let listingId: string
  let app: http.Server
  let siteUrl: string
  const saved = { ...process.env }

  beforeAll(async () => {
    aws = await startFakeAws()
    Object.assign(process.env, {
      AWS_ENDPOINT_URL_LAMBDA: aws.url,
      AWS_ENDPOINT_URL_S3: aws.url,
      REMOTION_LAMBDA_FUNCTION_NAME: 'remotion-render-4-0-527-mem2048mb-disk2048mb-240sec',
      REMOTION_LAMBDA_REGION: 'ap-southeast-2',
      REMOTION_LAMBDA_SERVE_URL: 'https://remotionlambda-apsoutheast2-fake0000.s3.ap-southeast-2.amazonaws.com/sites/listing-video/index.html',
      REMOTION_AWS_ACCESS_KEY_ID: 'AKIAFAKEKEYFORTESTS1',
      REMOTION_AWS_SECRET_ACCESS_KEY: 'fake-secret-access-key-for-tests-only',
      REMOTION_WEBHOOK_SECRET: SECRET,
    })
    const config = lambdaConfig()
    if (!config) throw new Error('the Lambda configuration did not parse')
    lambda = remotionLambda(config)
    cast = await assembleCast()
    ;({ listingId } = await listingWithPhotos(cast.member, cast.teamId, ['Front', 'Kitchen']))
    must(await cast.service.from('credit_ledger').insert({ team_id: cast.teamId, delta: 20, reason: 'admin_grant' }).select('id'), 'credits')
    // the app's webhook route, as Lambda reaches it (handler called with a real Request)
    app = http.createServer(async (req, res) => {
      const chunks: Buffer[] = []
      for await (const c of req) chunks.push(c as Buffer)
      const response = await handleLambdaWebhook(
        new Request(`http://127.0.0.1${req.url}`, { method: 'POST', headers: req.headers as Record<string, string>, body: Buffer.concat(chunks) }),
        { db: cast.service, secret: SECRET, log: () => {} },
      )
      res.writeHead(response.status, { 'content-type': 'application/json' }).end(await response.text())
    })
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve))
    siteUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    process.env = saved
    await new Promise((r) => app?.close(r))
    await aws?.close()
    await cast?.standIn.stop()
  })

  const run = async (id: string) => (await behind<Run>(cast, 'render_runs', { id }))[0]
  const balance = async () => must(await cast.service.rpc('team_credit_balance', { p_team_id: cast.teamId }), 'balance') as number
  const refunds = async (runId: string) => (await behind(cast, 'credit_ledger', { ref_id: runId, reason: 'refund' })).length
  /** Render pressed with Lambda configured: queued (renderer lambda) and, unless told not to, started. */
  const renderOnLambda = async (title: string, start = true, quality: 'standard' | 'high' = 'standard') => {
    const { id } = await createVideo(db(cast.member), cast.member.id, cast.teamId, listingId, { title, template: 'classic-tour', format: 'landscape' })
    const { runId } = await queueRender(db(cast.member), cast.member.id, cast.teamId, id, { codec: 'h264', quality }, 'lambda')
    if (start) {
      const started = await startLambdaRender(cast.service, lambda, runId, siteUrl, () => {})
      if (!started.ok) throw new Error(started.error)
    }
    return { videoId: id, runId }
  }
  /** Lambda ending a render: the webhook the fake function was given, sent by Remotion's own sender. */
  const webhook = async (runId: string, payload: Record<string, unknown>, secret: string | null = SECRET) => {
    const startPayload = aws.starts().find((s) => (s.payload.webhook as { customData: { runId: string } }).customData.runId === runId)!.payload
    const hook = startPayload.webhook as { url: string; customData: Record<string, unknown> }
    const r = await run(runId)
    await invokeWebhook({
      options: {
        url: hook.url, secret,
        payload: { renderId: r.lambda_render_id!, bucketName: r.lambda_bucket!, expectedBucketOwner: null, customData: hook.customData, ...payload } as never,
      },
      logLevel: 'error', retries: 0,
    })
  }
  /** A render worker with Lambda configured: copies, masters and completes the runs that succeeded. */
  const finish = () => finishLambdaRuns(cast.service, lambda, 'test-worker', () => {})
  const progressAs = async (person: Person, runId: string) => {
    const response = await handleRenderProgress(runId, { user: person.client, service: cast.service, lambda, log: () => {} })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }

  it('queues with the credit as a lambda run the local worker never claims, and starts it with signed media, the webhook and the out name', async () => {
    const before = await balance()
    const { runId } = await renderOnLambda('On Lambda', false)
    expect(await balance()).toBe(before - 1)
    expect(await run(runId)).toMatchObject({ renderer: 'lambda', status: 'queued', lambda_render_id: null })
    expect(must(await cast.service.rpc('claim_render_run', { p_worker_id: 'local' }), 'claim')).toEqual([])

    const started = await startLambdaRender(cast.service, lambda, runId, siteUrl, () => {})
    expect(started.ok).toBe(true)
    const row = await run(runId)
    expect(row).toMatchObject({ status: 'rendering', stage: 'Rendering on Lambda', lambda_bucket: aws.bucketName, lambda_webhook: null })
    expect(row.lambda_out_name).toMatch(/-classic-tour-landscape\.mp4$/)
    expect(must(await cast.service.rpc('claim_render_run', { p_worker_id: 'local' }), 'claim')).toEqual([])

    const call = aws.starts().at(-1)!
    expect(call.functionName).toBe('remotion-render-4-0-527-mem2048mb-disk2048mb-240sec')
    // signed by the AWS SDK with the configured key
    expect(call.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIAFAKEKEYFORTESTS1\/\d{8}\/ap-southeast-2\/lambda\/aws4_request/)
    expect(call.payload).toMatchObject({
      composition: 'classic-tour-landscape', codec: 'h264', privacy: 'private', outName: row.lambda_out_name,
      serveUrl: process.env.REMOTION_LAMBDA_SERVE_URL,
      webhook: { url: `${siteUrl}/api/renders/lambda-webhook`, secret: SECRET, customData: { runId } },
    })
    const props = JSON.parse((call.payload.inputProps as { payload: string }).payload) as { scenes: { src: string }[] }
    expect(props.scenes.length).toBeGreaterThan(0)
    for (const scene of props.scenes) expect(scene.src).toMatch(new RegExp(`^${cast.standIn.url}/storage/v1/object/sign/media/${cast.teamId}/`))
    // standard quality: Remotion's own CRF
    expect(call.payload.crf ?? null).toBeNull()
  })

  it('renders high quality on Lambda with a lower CRF than the default', async () => {
    const { runId } = await renderOnLambda('High on Lambda', true, 'high')
    expect((await run(runId) as unknown as { quality: string }).quality).toBe('high')
    const call = aws.starts().find((s) => (s.payload.webhook as { customData: { runId: string } }).customData.runId === runId)!
    expect(call.payload.crf).toBe(14)
  })

  it('fails the run and refunds its credit once when Lambda cannot be started', async () => {
    const before = await balance()
    const { runId } = await renderOnLambda('Start fails', false)
    aws.failNextStart = true
    const started = await startLambdaRender(cast.service, lambda, runId, siteUrl, () => {})
    expect(started).toEqual({ ok: false, error: START_FAILED })
    expect(await run(runId)).toMatchObject({ status: 'failed', error_message: START_FAILED, lambda_render_id: null })
    expect(await balance()).toBe(before)
    expect(await refunds(runId)).toBe(1)
  })

  it('refuses a webhook with a bad or missing signature (401) and changes nothing', async () => {
    const { runId } = await renderOnLambda('Forged')
    const before = await run(runId)
    await expect(webhook(runId, { type: 'success', lambdaErrors: [], outputUrl: 'x', outputFile: 'x', timeToFinish: 1, costs: {} }, 'not-the-secret')).rejects.toThrow(/401/)
    await expect(webhook(runId, { type: 'error', errors: [] }, null)).rejects.toThrow(/401/)
    // a body changed after signing
    const body = JSON.stringify({ type: 'timeout', renderId: before.lambda_render_id, bucketName: before.lambda_bucket, customData: { runId } })
    const tampered = await handleLambdaWebhook(
      new Request(`${siteUrl}/api/renders/lambda-webhook`, { method: 'POST', body: body.replace('timeout', 'error'), headers: { 'x-remotion-signature': signWebhookBody(SECRET, body) } }),
      { db: cast.service, secret: SECRET, log: () => {} },
    )
    expect(tampered.status).toBe(401)
    expect(await run(runId)).toEqual(before)
  })

  it('on a signed success webhook the app leaves the copy to a worker, which copies the output and a poster into the renders bucket; a repeat changes nothing', async () => {
    const { videoId, runId } = await renderOnLambda('Succeeds')
    const started = await run(runId)
    const mp4 = await tinyMp4()
    aws.putObject(started.lambda_bucket!, `renders/${started.lambda_render_id}/${started.lambda_out_name}`, mp4)
    const success = { type: 'success', lambdaErrors: [], outputUrl: 'https://s3/out.mp4', outputFile: 'https://s3/out.mp4', timeToFinish: 9000, costs: { accruedSoFar: 0.01, displayCost: '$0.01', currency: 'USD', disclaimer: '' } }
    await webhook(runId, success)
    // the app server runs no ffmpeg: the run waits for a render worker
    expect(await run(runId)).toMatchObject({ status: 'uploading', stage: 'Copying the file', lambda_webhook: 'success', output_path: null })
    expect(await finish()).toBe(1)
    expect(await finish()).toBe(0)

    const done = await run(runId)
    expect(done).toMatchObject({ status: 'succeeded', stage: 'Done', progress: 1, lambda_webhook: 'success', output_bytes: mp4.length, error_message: null })
    expect(done.output_path).toBe(`${cast.teamId}/renders/${runId}/${started.lambda_out_name}`)
    expect(done.poster_path).toBe(`${cast.teamId}/renders/${runId}/poster.jpg`)
    const file = await cast.member.client.storage.from(RENDERS_BUCKET).download(done.output_path!)
    expect(Buffer.from(await file.data!.arrayBuffer()).equals(mp4)).toBe(true)
    const poster = Buffer.from(await (await cast.member.client.storage.from(RENDERS_BUCKET).download(done.poster_path!)).data!.arrayBuffer())
    expect(poster.subarray(0, 3).toString('hex')).toBe('ffd8ff')
    expect((await behind<{ status: string; output_path: string }>(cast, 'videos', { id: videoId }))[0]).toMatchObject({ status: 'ready', output_path: done.output_path })
    // the S3 read went through a URL presigned with the configured key
    expect(aws.s3Gets.at(-1)!.query.get('X-Amz-Credential')).toMatch(/^AKIAFAKEKEYFORTESTS1\//)

    await webhook(runId, success)
    await webhook(runId, { type: 'error', errors: [{ message: 'late', name: 'Error', stack: '' }] })
    expect(await finish()).toBe(0)
    expect(await run(runId)).toEqual(done)
    expect(await refunds(runId)).toBe(0)
  })

  it('a success another worker holds is left alone; one whose taker went silent for 10 minutes is taken over', async () => {
    const { runId } = await renderOnLambda('Taken over')
    const started = await run(runId)
    aws.putObject(started.lambda_bucket!, `renders/${started.lambda_render_id}/${started.lambda_out_name}`, await tinyMp4())
    await webhook(runId, { type: 'success', lambdaErrors: [], outputUrl: 'https://s3/out.mp4', outputFile: 'https://s3/out.mp4', timeToFinish: 9000, costs: { accruedSoFar: 0.01, displayCost: '$0.01', currency: 'USD', disclaimer: '' } })
    await cast.standIn.db.query("update public.render_runs set worker_id = 'other-worker', heartbeat_at = now() where id = $1", [runId])
    expect(await finish()).toBe(0)
    expect(await run(runId)).toMatchObject({ status: 'uploading' })
    await cast.standIn.db.query("update public.render_runs set heartbeat_at = now() - interval '11 minutes' where id = $1", [runId])
    expect(await finish()).toBe(1)
    expect(await run(runId)).toMatchObject({ status: 'succeeded', output_path: `${cast.teamId}/renders/${runId}/${started.lambda_out_name}` })
  })

  it('masters the audio of a Lambda output on the copy: the stored file is at the mix target, the picture untouched', { timeout: 180_000 }, async () => {
    const { runId } = await renderOnLambda('Loud on Lambda')
    const started = await run(runId)
    // what Lambda "rendered": a second of picture with a loud tone (lavfi's sine is 1/8 of full scale; ×6)
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lambda-loud-'))
    const silent = path.join(dir, 'silent.mp4')
    writeFileSync(silent, await tinyMp4())
    const loud = path.join(dir, 'loud.mp4')
    execFileSync(path.join(FFMPEG_DIR, 'ffmpeg'), [
      '-hide_banner', '-v', 'error', '-i', silent, '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-f', 'lavfi', '-i', 'sine=frequency=880:duration=1',
      '-filter_complex', '[1:a]volume=6[a];[2:a]volume=0.4[b];[a][b]concat=n=2:v=0:a=1[out]', '-map', '0:v', '-map', '[out]', '-c:v', 'copy', '-c:a', 'aac', '-shortest', loud,
    ], { env: { ...process.env, LD_LIBRARY_PATH: FFMPEG_DIR } })
    const before = await ffmpegLoudness(loud)
    expect(before.integratedLufs).toBeGreaterThan(MIX_TARGET_LUFS + 5)
    aws.putObject(started.lambda_bucket!, `renders/${started.lambda_render_id}/${started.lambda_out_name}`, readFileSync(loud))
    // the webhook only records the outcome; the worker masters the copy
    await webhook(runId, { type: 'success', lambdaErrors: [], outputUrl: 'https://s3/out.mp4', outputFile: 'https://s3/out.mp4', timeToFinish: 9000, costs: { accruedSoFar: 0.01, displayCost: '$0.01', currency: 'USD', disclaimer: '' } })
    expect(await finish()).toBe(1)
    const done = await run(runId)
    expect(done.status).toBe('succeeded')
    const stored = path.join(dir, 'stored.mp4')
    writeFileSync(stored, Buffer.from(await (await cast.member.client.storage.from(RENDERS_BUCKET).download(done.output_path!)).data!.arrayBuffer()))
    const after = await ffmpegLoudness(stored)
    expect(Math.abs(after.integratedLufs - MIX_TARGET_LUFS), `${after.integratedLufs} LUFS`).toBeLessThanOrEqual(MIX_TOLERANCE_LU)
    expect(after.truePeakDbtp).toBeLessThanOrEqual(MIX_TRUE_PEAK_DBTP)
    const streams = (await probe(stored)).streams
    expect(streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'video'])
    expect(done.output_bytes).toBe(statSync(stored).size)
  })

  it('an unbranded, narrated run: Lambda gets the flag in its props; the completion writes captions.srt/.vtt beside the copy', async () => {
    const { id } = await createVideo(db(cast.member), cast.member.id, cast.teamId, listingId, { title: 'Narrated on Lambda', template: 'classic-tour', format: 'landscape' })
    const clip = `${cast.teamId}/narration/lambda-test.wav`
    must(await cast.member.client.storage.from('media').upload(clip, wav(2), { contentType: 'audio/wav', upsert: true }), 'clip')
    const row = must(await cast.member.client.from('videos').select('props, version').eq('id', id).single(), 'video') as { props: VideoProps; version: number }
    const words = [{ text: 'Welcome', start: 0.1, end: 0.6 }, { text: 'home.', start: 0.7, end: 1.2 }]
    const props = { ...row.props, scenes: [{ ...row.props.scenes[0], script: 'Welcome home.', narration: { src: `media:${clip}`, seconds: 2, text: 'Welcome home.', voiceId: 'v', timing: 'estimated' as const, words } }] }
    await saveVideo(db(cast.member), cast.member.id, cast.teamId, id, { title: 'Narrated on Lambda', template: 'classic-tour', format: 'landscape', props, expectedVersion: row.version })
    const { runId } = await queueRender(db(cast.member), cast.member.id, cast.teamId, id, { codec: 'h264', unbranded: true }, 'lambda')
    const started = await startLambdaRender(cast.service, lambda, runId, siteUrl, () => {})
    if (!started.ok) throw new Error(started.error)
    const call = aws.starts().find((s) => (s.payload.webhook as { customData: { runId: string } }).customData.runId === runId)!
    expect(JSON.parse((call.payload.inputProps as { payload: string }).payload)).toMatchObject({ unbranded: true })
    const r = await run(runId)
    aws.putObject(r.lambda_bucket!, `renders/${r.lambda_render_id}/${r.lambda_out_name}`, await tinyMp4())
    await webhook(runId, { type: 'success', lambdaErrors: [], outputUrl: 'https://s3/out.mp4', outputFile: 'https://s3/out.mp4', timeToFinish: 9000, costs: { accruedSoFar: 0.01, displayCost: '$0.01', currency: 'USD', disclaimer: '' } })
    expect(await finish()).toBe(1)
    const done = (await behind<Run & { captions_srt_path: string | null; captions_vtt_path: string | null; unbranded: boolean }>(cast, 'render_runs', { id: runId }))[0]
    expect(done).toMatchObject({ status: 'succeeded', unbranded: true, captions_srt_path: `${cast.teamId}/renders/${runId}/captions.srt`, captions_vtt_path: `${cast.teamId}/renders/${runId}/captions.vtt` })
    const srt = Buffer.from(await (await cast.member.client.storage.from(RENDERS_BUCKET).download(done.captions_srt_path!)).data!.arrayBuffer()).toString('utf8')
    expect(srt).toMatch(/^1\n\d\d:\d\d:\d\d,\d{3} --> \d\d:\d\d:\d\d,\d{3}\nWelcome home\.\n$/)
  })

  it('on an error webhook fails the run and refunds once; a repeat or a timeout after it refunds nothing more', async () => {
    const before = await balance()
    const { runId } = await renderOnLambda('Errors')
    expect(await balance()).toBe(before - 1)
    const failure = { type: 'error', errors: [{ message: 'Error loading image with src https://x/a.jpg', name: 'Error', stack: 'at x' }] }
    await webhook(runId, failure)
    const failed = await run(runId)
    expect(failed).toMatchObject({ status: 'failed', lambda_webhook: 'error' })
    expect(failed.error_message).toBe('A picture or track of this video could not be loaded (was it deleted?). Your credit was refunded.')
    expect(await balance()).toBe(before)
    await webhook(runId, failure)
    await webhook(runId, { type: 'timeout' })
    expect(await run(runId)).toEqual(failed)
    expect(await refunds(runId)).toBe(1)
    expect(await balance()).toBe(before)
  })

  it('on a timeout webhook fails the run with its own message and refunds once', async () => {
    const before = await balance()
    const { runId } = await renderOnLambda('Times out')
    await webhook(runId, { type: 'timeout' })
    expect(await run(runId)).toMatchObject({ status: 'failed', lambda_webhook: 'timeout', error_message: expect.stringMatching(/took longer/) })
    expect(await balance()).toBe(before)
    expect(await refunds(runId)).toBe(1)
  })

  it('the progress route: 404 for an outsider (and no AWS call); for a member, writes what Lambda says (~1/s at most) and realtime carries it', async () => {
    const { videoId, runId } = await renderOnLambda('Watched')
    aws.progress = { overallProgress: 0.4, framesRendered: 120, encodingStatus: null }
    const calls = aws.statuses().length
    expect(await progressAs(cast.outsider, runId)).toEqual({ status: 404, body: { error: 'Not found' } })
    expect(await progressAs(cast.outsider, 'not-a-uuid')).toEqual({ status: 404, body: { error: 'Not found' } })
    expect(aws.statuses().length).toBe(calls)

    const watching = await listen(cast.teamAdmin.client, [{ event: 'UPDATE', table: 'render_runs', filter: `video_id=eq.${videoId}` }])
    const first = await progressAs(cast.member, runId)
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ id: runId, renderer: 'lambda', status: 'rendering', progress: expect.closeTo(0.4, 5), rendered_frames: 120 })
    expect(aws.statuses().length).toBe(calls + 1)
    expect(aws.statuses().at(-1)!.payload).toMatchObject({ renderId: (await run(runId)).lambda_render_id, bucketName: aws.bucketName })
    await until(() => watching.changes.some((c) => (c.new as { rendered_frames?: number }).rendered_frames === 120))
    await cast.teamAdmin.client.removeChannel(watching.channel)

    // a second watcher right after: the row as it is, no second AWS call
    aws.progress = { overallProgress: 0.6, framesRendered: 180, encodingStatus: { framesEncoded: 30, combinedFrames: 0, timeToCombine: null } }
    expect((await progressAs(cast.teamAdmin, runId)).body).toMatchObject({ progress: expect.closeTo(0.4, 5) })
    expect(aws.statuses().length).toBe(calls + 1)
    await cast.standIn.db.query("update public.render_runs set lambda_checked_at = now() - interval '2 seconds' where id = $1", [runId])
    expect((await progressAs(cast.teamAdmin, runId)).body).toMatchObject({ status: 'encoding', rendered_frames: 180, encoded_frames: 30 })

    // Lambda says done and the webhook was lost: the check settles it as the webhook would (the worker copies it)
    const row = await run(runId)
    aws.putObject(row.lambda_bucket!, `renders/${row.lambda_render_id}/${row.lambda_out_name}`, await tinyMp4())
    aws.progress = { done: true, overallProgress: 1 }
    await cast.standIn.db.query("update public.render_runs set lambda_checked_at = now() - interval '2 seconds' where id = $1", [runId])
    expect((await progressAs(cast.member, runId)).body).toMatchObject({ status: 'uploading', stage: 'Copying the file' })
    // waiting for the worker: the route asks Lambda nothing more
    const asked = aws.statuses().length
    await cast.standIn.db.query("update public.render_runs set lambda_checked_at = now() - interval '2 seconds' where id = $1", [runId])
    expect((await progressAs(cast.member, runId)).body).toMatchObject({ status: 'uploading' })
    expect(aws.statuses().length).toBe(asked)
    expect(await finish()).toBe(1)
    expect((await progressAs(cast.member, runId)).body).toMatchObject({ status: 'succeeded', progress: 1 })
    expect((await run(runId)).output_path).toBe(`${cast.teamId}/renders/${runId}/${row.lambda_out_name}`)
  })

  it('the progress check fails (and refunds) a Lambda run that never started', async () => {
    const before = await balance()
    const { runId } = await renderOnLambda('Never started', false)
    expect((await progressAs(cast.member, runId)).body).toMatchObject({ status: 'queued' })
    await cast.standIn.db.query("update public.render_runs set created_at = now() - interval '5 minutes' where id = $1", [runId])
    expect((await progressAs(cast.member, runId)).body).toMatchObject({ status: 'failed', error_message: NEVER_STARTED })
    expect(await balance()).toBe(before)
    expect(await refunds(runId)).toBe(1)
  })

  it("checks signatures the way Remotion's validateWebhookSignature does", () => {
    const body = JSON.stringify({ type: 'timeout', renderId: 'r', bucketName: 'b', customData: { runId: crypto.randomUUID() } })
    expect(() => validateWebhookSignature({ secret: SECRET, body: JSON.parse(body), signatureHeader: signWebhookBody(SECRET, body) })).not.toThrow()
  })

  it('the Lambda functions are the server’s: people cannot start, report or settle runs', async () => {
    const { runId } = await renderOnLambda('Not yours', false)
    for (const [fn, args] of [
      ['start_lambda_render_run', { p_run_id: runId, p_render_id: 'x', p_bucket: 'remotionlambda-x', p_out_name: 'x.mp4' }],
      ['lambda_progress_due', { p_run_id: runId, p_min_interval_ms: 1000 }],
      ['record_lambda_progress', { p_run_id: runId, p_render_id: 'x', p_encoding: false, p_progress: 1, p_rendered_frames: 1, p_encoded_frames: 1 }],
      ['take_lambda_outcome', { p_run_id: runId, p_render_id: 'x', p_outcome: 'success' }],
    ] as const) {
      const { error } = await cast.member.client.rpc(fn, args as never)
      expect(error?.message, fn).toMatch(/permission denied|Only the server/)
    }
    expect(await run(runId)).toMatchObject({ status: 'queued', lambda_render_id: null })
  })
})
