import { z } from 'zod'

/*
 * The hosted language model that may polish drafted scripts (docs/narration.md, "Script drafting").
 * Off unless NARRATION_LLM_MODEL is set. Any OpenAI-compatible chat completions API:
 *   NARRATION_LLM_MODEL     the model, e.g. gpt-4o-mini (turns the polish on)
 *   NARRATION_LLM_BASE_URL  default https://api.openai.com/v1 (a local server: http://127.0.0.1:11434/v1)
 *   NARRATION_LLM_API_KEY   its key; OPENAI_API_KEY is used when unset. Required for OpenAI's own
 *                           address, optional for another (a local server may take none)
 *   NARRATION_LLM_TIMEOUT_MS how long a polish may take, default 8000 (then the draft is used)
 * Half set (a key, address or timeout without a model; a model for OpenAI without a key) or
 * malformed is refused at start (instrumentation.ts), like PostHog, Sentry and Lambda.
 */

export type NarrationModelConfig = { model: string; baseUrl: string; apiKey: string | null; timeoutMs: number }

export const OPENAI_BASE_URL = 'https://api.openai.com/v1'

const blank = (value: string | undefined) => (value?.trim() ? value.trim() : undefined)

const schema = z.object({
  model: z.string().regex(/^[\w.:/@-]{1,128}$/, 'NARRATION_LLM_MODEL: a model name, like gpt-4o-mini'),
  baseUrl: z.url({ protocol: /^https?$/, message: 'NARRATION_LLM_BASE_URL: an http(s) URL, like https://api.openai.com/v1' }),
  apiKey: z.string().min(8, 'NARRATION_LLM_API_KEY: an API key').max(500).nullable(),
  timeoutMs: z.coerce.number().int('NARRATION_LLM_TIMEOUT_MS: whole milliseconds').min(500, 'NARRATION_LLM_TIMEOUT_MS: 500 to 60000').max(60_000, 'NARRATION_LLM_TIMEOUT_MS: 500 to 60000'),
})

/** The configuration, or null when the polish is off. Half set or malformed throws, naming what is wrong. */
export function narrationModelConfig(env: Record<string, string | undefined> = process.env): NarrationModelConfig | null {
  const model = blank(env.NARRATION_LLM_MODEL)
  const baseUrl = blank(env.NARRATION_LLM_BASE_URL)
  const ownKey = blank(env.NARRATION_LLM_API_KEY)
  const timeout = blank(env.NARRATION_LLM_TIMEOUT_MS)
  if (!model) {
    const set = [ownKey && 'NARRATION_LLM_API_KEY', baseUrl && 'NARRATION_LLM_BASE_URL', timeout && 'NARRATION_LLM_TIMEOUT_MS'].filter(Boolean)
    if (set.length) {
      throw new Error(`Invalid environment: the narration model is half configured. ${set.join(', ')} set without NARRATION_LLM_MODEL; set the model too, or unset them.`)
    }
    return null
  }
  const url = baseUrl ?? OPENAI_BASE_URL
  const apiKey = ownKey ?? blank(env.OPENAI_API_KEY) ?? null
  const parsed = schema.safeParse({ model, baseUrl: url, apiKey, timeoutMs: timeout ?? 8000 })
  if (!parsed.success) throw new Error(`Invalid environment: ${parsed.error.issues[0]?.message}`)
  const address = new URL(parsed.data.baseUrl)
  if (address.search || address.hash || address.username) throw new Error('Invalid environment: NARRATION_LLM_BASE_URL: a bare address, without query or credentials')
  if (!apiKey && address.hostname === 'api.openai.com') {
    throw new Error('Invalid environment: the narration model is half configured. NARRATION_LLM_MODEL is set for OpenAI without NARRATION_LLM_API_KEY (or OPENAI_API_KEY).')
  }
  return { ...parsed.data, baseUrl: `${address.origin}${address.pathname.replace(/\/+$/, '')}` }
}
