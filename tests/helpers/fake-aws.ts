import http from 'node:http'
import type { AddressInfo } from 'node:net'

/*
 * A local stand-in for the two AWS services Remotion Lambda's client talks to, at the HTTP boundary:
 * the app's real calls (renderMediaOnLambda, getRenderProgress, presignUrl from @remotion/lambda,
 * with the AWS SDK inside them) reach it through AWS_ENDPOINT_URL_LAMBDA / AWS_ENDPOINT_URL_S3,
 * which the SDK honours. It answers Lambda's Invoke API (POST /2015-03-31/functions/{name}/invocations)
 * as Remotion's function does for `start` and `status`, and S3 GETs (path style) of objects the test
 * put. It renders nothing: a test decides what Lambda "made" and what progress it reports.
 */

export type Invocation = { functionName: string; payload: Record<string, unknown>; authorization: string }

export interface FakeAws {
  url: string
  invocations: Invocation[]
  s3Gets: { path: string; query: URLSearchParams }[]
  /** the next `start` answers like a missing function (AWS's 404 ResourceNotFoundException) */
  failNextStart: boolean
  /** what `status` answers (merged over a not-done default) */
  progress: Record<string, unknown>
  renderIdFor: (n: number) => string
  bucketName: string
  putObject(bucket: string, key: string, body: Buffer): void
  starts(): Invocation[]
  statuses(): Invocation[]
  close(): Promise<void>
}

const json = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify(body))
}

export async function startFakeAws(): Promise<FakeAws> {
  const objects = new Map<string, Buffer>()
  let started = 0
  const fake: Omit<FakeAws, 'url' | 'close'> = {
    invocations: [],
    s3Gets: [],
    failNextStart: false,
    progress: {},
    renderIdFor: (n) => `fakerender${String(n).padStart(6, '0')}`,
    bucketName: 'remotionlambda-apsoutheast2-fake0000',
    putObject: (bucket, key, body) => void objects.set(`/${bucket}/${key}`, body),
    starts: () => fake.invocations.filter((i) => i.payload.type === 'start'),
    statuses: () => fake.invocations.filter((i) => i.payload.type === 'status'),
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake')
      const invoke = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/.exec(url.pathname)
      if (req.method === 'POST' && invoke) {
        const payload = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>
        const functionName = decodeURIComponent(invoke[1])
        fake.invocations.push({ functionName, payload, authorization: String(req.headers.authorization ?? '') })
        if (payload.type === 'start') {
          if (fake.failNextStart) {
            fake.failNextStart = false
            return json(res, 404, { Type: 'User', message: `Function not found: ${functionName}` }, { 'x-amzn-errortype': 'ResourceNotFoundException' })
          }
          started += 1
          return json(res, 200, { type: 'success', renderId: fake.renderIdFor(started), bucketName: fake.bucketName })
        }
        if (payload.type === 'status') {
          return json(res, 200, {
            type: 'success', renderId: payload.renderId, bucket: payload.bucketName, done: false, overallProgress: 0,
            framesRendered: 0, encodingStatus: null, errors: [], fatalErrorEncountered: false, chunks: 0, ...fake.progress,
          })
        }
        return json(res, 400, { type: 'error', message: `the fake does not do ${String(payload.type)}` })
      }
      if (req.method === 'GET') {
        fake.s3Gets.push({ path: url.pathname, query: url.searchParams })
        const body = objects.get(decodeURIComponent(url.pathname))
        // presigned: S3 refuses a GET without a signature made with our key
        if (!url.searchParams.get('X-Amz-Signature') || !url.searchParams.get('X-Amz-Credential')) {
          res.writeHead(403).end('<Error><Code>AccessDenied</Code></Error>')
          return
        }
        if (!body) {
          res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>')
          return
        }
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(body.length) })
        res.end(body)
        return
      }
      res.writeHead(404).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  // the same object the server reads: a test's changes (failNextStart, progress) take effect
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  })
}
