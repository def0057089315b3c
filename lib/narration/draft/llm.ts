import 'server-only'
import { z } from 'zod'
import { checkScripts } from './check'
import type { Draft, SceneSlot } from './compose'
import type { DraftSource } from './facts'
import type { NarrationModelConfig } from './llm-config'
import { SENTENCE_PAUSE_SECONDS, SPEAKING_RATE } from './spoken'

/*
 * The hosted model's polish of a deterministic draft (server only: the key never leaves the
 * server). It gets the draft line of each scene, the facts that line says, its word budget and the
 * listing's own texts, and must answer JSON of a fixed shape (a strict json_schema response format,
 * parsed again with zod here). The answer is then held to check.ts: a number or amenity the listing
 * lacks, a fact dropped or repeated, or a line over its budget, and the draft is used instead. So is
 * any error, refusal or timeout. The same listing asks with the same seed.
 */

export type Polished = { scripts: string[]; by: 'model' | 'rules'; problems?: string[] }

const replySchema = z.object({
  choices: z
    .array(z.object({ message: z.object({ content: z.string().nullable().optional(), refusal: z.string().nullable().optional() }) }))
    .min(1),
})

const linesSchema = z.object({
  scenes: z.array(z.object({ index: z.number().int().min(0), script: z.string().max(600) }).strict()),
}).strict()

const RESPONSE_FORMAT = {
  type: 'json_schema',
  json_schema: {
    name: 'narration',
    strict: true,
    schema: {
      type: 'object',
      additionalProperties: false,
      required: ['scenes'],
      properties: {
        scenes: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['index', 'script'],
            properties: { index: { type: 'integer' }, script: { type: 'string' } },
          },
        },
      },
    },
  },
} as const

const INSTRUCTIONS = [
  'You polish the voice-over of a property listing video. Each scene has a draft line.',
  'Rewrite each line to sound warm and natural when spoken, in the same language as the drafts.',
  'Rules: say exactly the facts of each draft line, in that scene, once. Add no fact, number, amenity, feeling about the place or claim that is not in the draft or the listing texts given.',
  'Keep every number exactly as written in the draft. Stay within each scene\'s maxWords (numbers count as the words it takes to say them); fewer sentences leave more room.',
  'An empty draft line stays empty. Answer JSON: {"scenes":[{"index":0,"script":"..."}]} with one entry per scene.',
].join(' ')

function seedNumber(seed: string): number {
  let h = 0
  for (let i = 0; i < seed.length; i++) h = (Math.imul(h, 31) + seed.charCodeAt(i)) | 0
  return Math.abs(h)
}

export async function polishDraft(
  draft: Draft,
  source: DraftSource,
  slots: SceneSlot[],
  config: NarrationModelConfig,
  fetcher: typeof fetch = fetch,
): Promise<Polished> {
  const fallback = (problems: string[]): Polished => ({ scripts: draft.scenes.map((s) => s.script), by: 'rules', problems })
  if (!draft.scenes.some((s) => s.script)) return fallback([])
  const body = {
    model: config.model,
    temperature: 0.4,
    seed: seedNumber(source.seed),
    response_format: RESPONSE_FORMAT,
    messages: [
      { role: 'system', content: INSTRUCTIONS },
      {
        role: 'user',
        content: JSON.stringify({
          language: source.locale,
          listingTexts: { features: source.listing.features ?? [], description: source.description ?? '', captions: slots.map((s) => s.caption ?? '') },
          scenes: draft.scenes.map((s, index) => ({ index, draft: s.script, maxWords: Math.max(0, Math.floor((s.budget - SENTENCE_PAUSE_SECONDS) * SPEAKING_RATE)), maxSeconds: Number(s.budget.toFixed(1)) })),
        }),
      },
    ],
  }
  let content: string
  try {
    const response = await fetcher(`${config.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(config.timeoutMs),
      cache: 'no-store',
    })
    if (!response.ok) return fallback([`the model answered HTTP ${response.status}`])
    const reply = replySchema.safeParse(await response.json())
    if (!reply.success) return fallback(['the model answered in another shape'])
    const message = reply.data.choices[0].message
    if (message.refusal || !message.content) return fallback(['the model refused'])
    content = message.content
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
    return fallback([timedOut ? `the model took longer than ${config.timeoutMs} ms` : 'the model could not be reached'])
  }

  let lines: z.infer<typeof linesSchema>
  try {
    const parsed = linesSchema.safeParse(JSON.parse(content))
    if (!parsed.success) return fallback(['the model answered in another shape'])
    lines = parsed.data
  } catch {
    return fallback(['the model answered in another shape'])
  }
  const scripts = draft.scenes.map((s) => s.script)
  const seen = new Set<number>()
  for (const line of lines.scenes) {
    if (line.index >= scripts.length || seen.has(line.index)) return fallback(['the model answered other scenes'])
    seen.add(line.index)
    scripts[line.index] = line.script.trim().replace(/\s+/g, ' ')
  }
  if (seen.size !== scripts.length) return fallback(['the model left scenes out'])
  // an empty draft line stays empty (the scene had no time or nothing to say)
  if (draft.scenes.some((s, i) => !s.script && scripts[i])) return fallback(['the model filled a scene the draft left silent'])
  const check = checkScripts(scripts, draft, source, slots)
  return check.ok ? { scripts, by: 'model' } : fallback(check.problems)
}
