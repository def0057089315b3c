import { z } from 'zod'
import type { StandInConfig } from '../config.ts'
import type { Db } from '../db.ts'
import { json, type LocalRequest, type LocalResponse } from '../http.ts'
import { resolveRequestAuth } from '../jwt.ts'
import type { Hub } from './hub.ts'
import { privateChannelAccess } from './join.ts'
import type { BroadcastBody } from './serializer.ts'

/**
 * The REST side of broadcast, as supabase/realtime's BroadcastController (batch) and
 * BroadcastSingleController answer it:
 * - `POST /api/broadcast` `{messages: [{topic, event, payload, private?, id?}]}` (what `channel.send`
 *   falls back to before joining): 202 with an empty body; private messages whose topic the caller
 *   may not write (the realtime.messages INSERT policies) are dropped silently; invalid → 422.
 * - `POST /api/broadcast/{topic}/events/{event}[?private=true]` (`channel.httpSend`), a JSON or
 *   `application/octet-stream` body (binary payloads reach vsn 2.0.0 subscribers as bytes): 202,
 *   403 `Unauthorized` for a private topic the caller may not write, 415 for other content types.
 * The token is `Authorization: Bearer …`, else `apikey`; none or a bad one → 401 `Unauthorized`.
 */

const Message = z.object({
  topic: z.string().min(1),
  event: z.string().min(1),
  payload: z.record(z.string(), z.unknown()),
  private: z.boolean().nullish(),
  id: z.string().nullish(),
})

interface Outgoing {
  topic: string
  event: string
  body: BroadcastBody
  private: boolean
  id?: string
}

type Deps = { config: StandInConfig; db: Db; hub: Hub }

const EMPTY_202: LocalResponse = { status: 202, headers: {}, body: undefined }
const unauthorized = (status: 401 | 403) => json(status, { message: 'Unauthorized' })

function parseJson(body: Buffer): { ok: true; value: unknown } | { ok: false } {
  const text = body.toString('utf8')
  if (text.trim() === '') return { ok: true, value: {} } // Plug reads an empty JSON body as %{}
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false }
  }
}

/** Ecto's changeset errors for one message, `{}` when it is valid (traverse_errors over the embeds). */
function messageErrors(raw: unknown): Record<string, string[]> {
  const r = Message.safeParse(raw)
  if (r.success) return {}
  const errors: Record<string, string[]> = {}
  const m = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>
  for (const issue of r.error.issues) {
    const field = String(issue.path[0] ?? 'base')
    const missing = m[field] === undefined || m[field] === null || m[field] === ''
    ;(errors[field] ??= []).push(missing ? "can't be blank" : 'is invalid')
  }
  return errors
}

function parseBatch(req: LocalRequest): { ok: true; messages: Outgoing[] } | { ok: false; res: LocalResponse } {
  const parsed = parseJson(req.body)
  if (!parsed.ok) return { ok: false, res: json(400, { message: 'Bad Request' }) }
  const list = (parsed.value as { messages?: unknown } | null)?.messages
  if (!Array.isArray(list) || list.length === 0) {
    return { ok: false, res: json(422, { errors: { messages: ["can't be blank"] } }) }
  }
  const errors = list.map(messageErrors)
  if (errors.some((e) => Object.keys(e).length)) return { ok: false, res: json(422, { errors: { messages: errors } }) }
  const messages = list.map((raw) => {
    const m = Message.parse(raw)
    return { topic: m.topic, event: m.event, body: { kind: 'json', value: m.payload }, private: m.private === true, id: m.id ?? undefined } satisfies Outgoing
  })
  return { ok: true, messages }
}

function parseSingle(req: LocalRequest, topic: string, event: string): { ok: true; message: Outgoing } | { ok: false; res: LocalResponse } {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase()
  const isPrivate = req.url.searchParams.get('private') === 'true'
  if (type === 'application/octet-stream') {
    return { ok: true, message: { topic, event, body: { kind: 'binary', bytes: req.body }, private: isPrivate } }
  }
  const parsed = parseJson(req.body)
  if (!parsed.ok) return { ok: false, res: json(400, { message: 'Bad Request' }) }
  // Plug keeps a JSON object as the params; any other JSON value arrives under `_json`
  const value = parsed.value !== null && typeof parsed.value === 'object' && !Array.isArray(parsed.value) ? parsed.value : { _json: parsed.value }
  return { ok: true, message: { topic, event, body: { kind: 'json', value }, private: isPrivate } }
}

export async function handleBroadcastRequest(req: LocalRequest, deps: Deps): Promise<LocalResponse> {
  const single = /^\/api\/broadcast\/([^/]+)\/events\/([^/]+)\/?$/.exec(req.path)
  if (req.path !== '/api/broadcast' && req.path !== '/api/broadcast/' && !single) return json(404, { message: 'Not found' })
  if (req.method !== 'POST') return json(404, { message: 'Not found' })
  if (single) {
    const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase()
    if (type && type !== 'application/json' && type !== 'application/octet-stream') {
      return json(415, { error: 'Unsupported Media Type. Use application/json or application/octet-stream' })
    }
  }
  const hasToken = /^bearer\s+\S/i.test(req.headers['authorization'] ?? '') || !!req.headers['apikey']
  const who = hasToken ? await resolveRequestAuth(deps.config, req.headers) : null
  if (!who || !who.ok) return unauthorized(401)
  const sub = { role: who.role, claims: who.claims, token: who.token ?? '', exp: null }

  // the realtime.messages INSERT policies, asked once per private topic (service_role bypasses RLS)
  const writable = new Map<string, boolean>()
  const mayWrite = async (topic: string) => {
    if (who.role === 'service_role') return true
    if (!writable.has(topic)) writable.set(topic, (await privateChannelAccess(deps.db, sub, topic)).write)
    return writable.get(topic)!
  }
  const send = (m: Outgoing) => {
    const meta = m.id ? { id: m.id } : undefined
    deps.hub.broadcast(`realtime:${m.topic}`, m.private, { type: 'broadcast', event: m.event, payload: m.body, ...(meta ? { meta } : {}) }, null)
  }

  if (single) {
    const parsed = parseSingle(req, decodeURIComponent(single[1]), decodeURIComponent(single[2]))
    if (!parsed.ok) return parsed.res
    if (parsed.message.private && !(await mayWrite(parsed.message.topic))) return unauthorized(403)
    send(parsed.message)
    return EMPTY_202
  }
  const batch = parseBatch(req)
  if (!batch.ok) return batch.res
  for (const m of batch.messages) {
    if (m.private && !(await mayWrite(m.topic))) continue
    send(m)
  }
  return EMPTY_202
}
