import { describe, expect, it } from 'vitest'
import { checkScripts } from '../../../lib/narration/draft/check.ts'
import { narrationModelConfig } from '../../../lib/narration/draft/llm-config.ts'
import { drafted, slotsOf } from './draft-fixtures.ts'

// What a hosted model's polish is held to (check.ts), and its configuration (llm-config.ts).

describe('checkScripts', () => {
  const d = drafted({ seconds: 8 })
  const scripts = d.draft.scenes.map((s) => s.script)
  const check = (edit: (lines: string[]) => void) => {
    const lines = scripts.slice()
    edit(lines)
    return checkScripts(lines, d.draft, d.source, slotsOf(d))
  }
  const offerScene = d.draft.scenes.findIndex((s) => s.facts.includes('offer'))
  const quiet = d.draft.scenes.findIndex((s) => !s.facts.includes('offer') && !s.facts.includes('place'))

  it('passes the draft itself and a rewording that keeps the facts', () => {
    expect(check(() => {})).toEqual({ ok: true })
    const area = d.draft.scenes.findIndex((s) => s.facts.join() === 'area')
    expect(check((l) => (l[area] = 'Inside: 92 m² in all.'))).toEqual({ ok: true })
  })

  it('refuses a number the listing does not hold, in digits or in words', () => {
    expect(check((l) => (l[offerScene] = 'For sale at $900,000.'))).toMatchObject({ ok: false })
    const words = check((l) => (l[quiet] = 'Four bedrooms.'))
    expect(words.ok).toBe(false)
    if (!words.ok) expect(words.problems.join(' ')).toMatch(/says 4/)
  })

  it('refuses an amenity or claim the listing does not mention', () => {
    const pool = check((l) => (l[quiet] = 'A pool.'))
    expect(pool.ok).toBe(false)
    if (!pool.ok) expect(pool.problems.join(' ')).toMatch(/"pool"/)
    expect(check((l) => (l[quiet] = 'Stunning.')).ok).toBe(false)
  })

  it('refuses a dropped fact, a repeated fact and a line over its budget', () => {
    expect(check((l) => (l[offerScene] = 'Have a look.')).ok).toBe(false)
    expect(check((l) => (l[quiet] = `${l[quiet]} Asking $850,000.`)).ok).toBe(false)
    expect(check((l) => (l[0] = `${l[0]} ${'Welcome home. '.repeat(10)}`)).ok).toBe(false)
    expect(check((l) => l.pop()).ok).toBe(false)
  })
})

describe('narrationModelConfig', () => {
  it('is off with nothing set', () => {
    expect(narrationModelConfig({})).toBeNull()
    expect(narrationModelConfig({ OPENAI_API_KEY: 'sk-speech-only-key' })).toBeNull() // the key may be another service's
  })

  it('reads a whole configuration, the key falling back to OPENAI_API_KEY', () => {
    expect(narrationModelConfig({ NARRATION_LLM_MODEL: 'gpt-4o-mini', OPENAI_API_KEY: 'sk-test-123456' })).toEqual({
      model: 'gpt-4o-mini', baseUrl: 'https://api.openai.com/v1', apiKey: 'sk-test-123456', timeoutMs: 8000,
    })
    expect(narrationModelConfig({ NARRATION_LLM_MODEL: 'llama3.1:8b', NARRATION_LLM_BASE_URL: 'http://127.0.0.1:11434/v1/', NARRATION_LLM_TIMEOUT_MS: '3000' })).toEqual({
      model: 'llama3.1:8b', baseUrl: 'http://127.0.0.1:11434/v1', apiKey: null, timeoutMs: 3000,
    })
  })

  it('refuses a half or malformed configuration, naming what is wrong', () => {
    expect(() => narrationModelConfig({ NARRATION_LLM_API_KEY: 'sk-test-123456' })).toThrow(/half configured.*NARRATION_LLM_API_KEY/)
    expect(() => narrationModelConfig({ NARRATION_LLM_BASE_URL: 'http://127.0.0.1:9/v1' })).toThrow(/NARRATION_LLM_MODEL/)
    expect(() => narrationModelConfig({ NARRATION_LLM_MODEL: 'gpt-4o-mini' })).toThrow(/without NARRATION_LLM_API_KEY/)
    expect(() => narrationModelConfig({ NARRATION_LLM_MODEL: 'gpt 4o', OPENAI_API_KEY: 'sk-test-123456' })).toThrow(/a model name/)
    expect(() => narrationModelConfig({ NARRATION_LLM_MODEL: 'm', NARRATION_LLM_BASE_URL: 'ftp://x/v1' })).toThrow(/http\(s\) URL/)
    expect(() => narrationModelConfig({ NARRATION_LLM_MODEL: 'm', NARRATION_LLM_BASE_URL: 'http://x/v1', NARRATION_LLM_TIMEOUT_MS: '90000' })).toThrow(/500 to 60000/)
  })
})
