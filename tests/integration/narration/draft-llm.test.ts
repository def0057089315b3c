import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { Refusal } from '../../../lib/listings/refusal.ts'
import { redraftVideoScripts } from '../../../lib/narration/draft/redraft.ts'
import { createVideo } from '../../../lib/videos/writes.ts'
import type { VideoProps } from '../../../remotion/schema.ts'
import { assembleCast, behind, db, listingWithPhotos, type Cast } from '../videos/fixtures.ts'

// "Redraft scripts" as the server action runs it (the signed-in user's client, RLS, the listing as
// stored), with the hosted model's polish against a local fake of the chat completions API. Whatever
// the model answers is checked against the listing: an invented fact, a dropped one, a line too long,
// a timeout or an error all give the deterministic draft.

type Reply = (body: ChatRequest) => { status?: number; json?: unknown; delayMs?: number }
type ChatRequest = {
  model: string
  seed: number
  response_format: { type: string; json_schema: { strict: boolean; schema: unknown } }
  messages: { role: string; content: string }[]
}

describe('redraft with a hosted model', () => {
  let cast: Cast
  let videoId: string
  let props: VideoProps
  let server: Server
  let reply: Reply
  const requests: { headers: IncomingMessage['headers']; body: ChatRequest }[] = []
  const env = { ...process.env }

  const answer = (scripts: string[]) => ({ json: { choices: [{ message: { role: 'assistant', content: JSON.stringify({ scenes: scripts.map((script, index) => ({ index, script })) }) } }] } })
  const redraft = (person = cast.member) => redraftVideoScripts(db(person), person.id, cast.teamId, videoId, { template: 'classic-tour', props })

  beforeAll(async () => {
    cast = await assembleCast()
    const { listingId } = await listingWithPhotos(cast.member, cast.teamId, ['Living room', 'Kitchen', undefined, 'Garden'], {
      description: 'A bright home. It is a short walk to the station and the village shops.',
    })
    ;({ id: videoId } = await createVideo(db(cast.member), cast.member.id, cast.teamId, listingId, { title: 'Tour', template: 'classic-tour', format: 'landscape' }))
    props = (await behind<{ props: VideoProps }>(cast, 'videos', { id: videoId }))[0].props
    // longer scenes, so every line has room for a polish
    props = { ...props, scenes: props.scenes.map((s) => ({ ...s, seconds: 8 })) }
    server = createServer((req, res) => {
      let raw = ''
      req.on('data', (chunk) => (raw += chunk))
      req.on('end', () => {
        const body = JSON.parse(raw) as ChatRequest
        requests.push({ headers: req.headers, body })
        const out = req.url === '/v1/chat/completions' ? reply(body) : { status: 404, json: { error: 'not found' } }
        setTimeout(() => {
          if (res.destroyed) return
          res.writeHead(out.status ?? 200, { 'content-type': 'application/json' })
          res.end(JSON.stringify(out.json ?? {}))
        }, out.delayMs ?? 0)
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  })
  afterEach(() => {
    process.env = { ...env }
    requests.length = 0
  })
  afterAll(async () => {
    server?.closeAllConnections()
    server?.close()
    await cast?.standIn.stop()
  })

  const configure = (extra: Record<string, string> = {}) => {
    const { port } = server.address() as AddressInfo
    Object.assign(process.env, { NARRATION_LLM_MODEL: 'fake-model', NARRATION_LLM_BASE_URL: `http://127.0.0.1:${port}/v1`, NARRATION_LLM_API_KEY: 'sk-fake-123456', ...extra })
  }

  it('without a model: the deterministic draft, and no request anywhere', async () => {
    reply = () => answer([])
    const result = await redraft()
    expect(result).toMatchObject({ by: 'rules', modelSetAside: false, english: false })
    expect(result.scenes.map((s) => s.id)).toEqual(props.scenes.map((s) => s.id))
    expect(result.scenes[0].script).toContain('1 Harbour Street')
    expect(result.scenes.map((s) => s.script).join(' ')).toContain('It is a short walk to the station and the village shops.')
    expect(requests).toHaveLength(0)
  })

  it('with a model: asks with a strict JSON schema, the key and the listing’s seed, and uses a polish that keeps the facts', async () => {
    configure()
    // another wording of the first line, same facts, no longer
    // (the opening may also read "1 Harbour Street is a house for sale at …" since issue 25)
    const discover = (line: string) =>
      line.replace(/^(Welcome to|Welcome home to|This is)/, 'Discover').replace(/^1 Harbour Street( in [^,]+?)? is an? \S+ /, 'Discover 1 Harbour Street$1, ')
    reply = () => answer(draftFromRules().map((line, i) => (i === 0 ? discover(line) : line)))
    const result = await redraft()
    expect(result.by).toBe('model')
    expect(result.scenes[0].script).toMatch(/^Discover 1 Harbour Street/)
    expect(requests).toHaveLength(1)
    const { headers, body } = requests[0]
    expect(headers.authorization).toBe('Bearer sk-fake-123456')
    expect(body.model).toBe('fake-model')
    expect(body.response_format).toMatchObject({ type: 'json_schema', json_schema: { strict: true } })
    const sent = JSON.parse(body.messages[1].content) as { scenes: { draft: string; maxWords: number }[] }
    expect(sent.scenes).toHaveLength(props.scenes.length)
    expect(sent.scenes.every((s) => s.maxWords > 0)).toBe(true)
    // the same listing asks with the same seed
    await redraft()
    expect(requests[1].body.seed).toBe(body.seed)
  })

  it.each([
    ['invents a number', (lines: string[]) => lines.map((l, i) => (i === 1 ? `${l} Five bedrooms!` : l))],
    ['invents an amenity', (lines: string[]) => lines.map((l, i) => (i === 2 ? `${l} A pool.` : l))],
    ['drops the address', (lines: string[]) => lines.map((l, i) => (i === 0 ? 'Welcome home.' : l))],
    ['overruns a scene', (lines: string[]) => lines.map((l, i) => (i === 3 ? `${l} ${'Simply lovely. '.repeat(12)}` : l))],
    ['leaves a scene out', (lines: string[]) => lines.slice(1)],
  ])('a reply that %s is set aside for the deterministic draft', async (_what, edit) => {
    configure()
    const draft = draftFromRules()
    reply = () => answer(edit(draft))
    const result = await redraft()
    expect(result).toMatchObject({ by: 'rules', modelSetAside: true })
    expect(result.scenes.map((s) => s.script)).toEqual(draft)
  })

  it.each([
    ['times out', () => ({ delayMs: 1500, ...answer(draftFromRules()) })],
    ['answers an error', () => ({ status: 500, json: { error: { message: 'overloaded' } } })],
    ['answers another shape', () => ({ json: { choices: [{ message: { content: '{"lines":["x"]}' } }] } })],
    ['refuses', () => ({ json: { choices: [{ message: { content: null, refusal: 'I cannot help with that.' } }] } })],
  ])('a model that %s gives the deterministic draft', async (_what, make) => {
    configure({ NARRATION_LLM_TIMEOUT_MS: '500' })
    reply = make
    const started = Date.now()
    const result = await redraft()
    expect(Date.now() - started).toBeLessThan(1400)
    expect(result).toMatchObject({ by: 'rules', modelSetAside: true })
    expect(result.scenes.map((s) => s.script)).toEqual(draftFromRules())
  })

  it('refuses a video of another team, and a half-set configuration', async () => {
    await expect(redraft(cast.outsider)).rejects.toThrow(Refusal)
    process.env.NARRATION_LLM_API_KEY = 'sk-fake-123456'
    await expect(redraft()).rejects.toThrow(/half configured/)
  })

  /** The deterministic lines for this video with the same timing (what a redraft without a model gives). */
  let rules: string[] = []
  const draftFromRules = () => rules
  beforeAll(async () => {
    rules = (await redraftVideoScripts(db(cast.member), cast.member.id, cast.teamId, videoId, { template: 'classic-tour', props })).scenes.map((s) => s.script)
    expect(rules.filter(Boolean).length).toBe(props.scenes.length)
  })
})
