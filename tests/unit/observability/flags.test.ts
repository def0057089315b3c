import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest'
import { FLAGS, FLAG_NAMES, defaultFlags, flagDefault, resolveFlag, type FlagValue } from '@/lib/flags/definitions'
import { evaluateFlags } from '@/lib/flags/evaluate'
import { startPostHogReceiver, type PostHogReceiver } from '../../helpers/observability-receivers'

describe('the flag list', () => {
  it('gives every flag a default its own kind allows', () => {
    for (const name of FLAG_NAMES) {
      const flag = FLAGS[name] as { kind: string; default: unknown; variants?: readonly string[] }
      if (flag.kind === 'variant') expect(flag.variants).toContain(flag.default)
      else expect(typeof flag.default).toBe('boolean')
    }
    expect(defaultFlags()).toEqual({ 'landing-headline': 'control' })
  })

  it('types a variant flag as its variants', () => {
    expectTypeOf<FlagValue<'landing-headline'>>().toEqualTypeOf<'control' | 'minutes'>()
    expectTypeOf(flagDefault('landing-headline')).toEqualTypeOf<'control' | 'minutes'>()
    // @ts-expect-error an unknown flag is a type error (checked by tsc, never run)
    const unknown = () => flagDefault('no-such-flag')
    expect(typeof unknown).toBe('function')
  })

  it('keeps a known variant and turns anything else into the default', () => {
    expect(resolveFlag('landing-headline', 'minutes')).toBe('minutes')
    for (const raw of ['hours', '', true, false, null, undefined, 3, { variant: 'minutes' }]) {
      expect(resolveFlag('landing-headline', raw)).toBe('control')
    }
  })
})

describe('evaluating flags with PostHog', () => {
  let posthog: PostHogReceiver
  beforeAll(async () => {
    posthog = await startPostHogReceiver({ flags: { 'landing-headline': 'minutes' } })
  })
  afterAll(() => posthog.close())

  it("asks PostHog's flags endpoint for this person and uses its answer", async () => {
    const result = await evaluateFlags({ host: posthog.url, key: 'phc_unit_test_key', distinctId: 'person-1' })
    expect(result).toEqual({ values: { 'landing-headline': 'minutes' }, source: 'service', answered: ['landing-headline'] })
    const request = posthog.requests.at(-1)!
    expect(request.method).toBe('POST')
    expect(request.path).toBe('/flags/')
    expect(request.query.get('v')).toBe('2')
    expect(JSON.parse(request.body.toString())).toMatchObject({ api_key: 'phc_unit_test_key', distinct_id: 'person-1', flag_keys_to_evaluate: FLAG_NAMES })
  })

  it('falls back to the defaults when the answer is late', async () => {
    posthog.setFlagsDelay(300)
    try {
      const started = Date.now()
      const result = await evaluateFlags({ host: posthog.url, key: 'phc_unit_test_key', distinctId: 'person-2', timeoutMs: 100 })
      expect(Date.now() - started).toBeLessThan(280)
      expect(result.values).toEqual(defaultFlags())
      expect(result.source).toBe('defaults')
      expect(result.reason).toMatch(/no answer within 100 ms/)
    } finally {
      posthog.setFlagsDelay(0)
    }
  })

  it('falls back to the defaults for an unknown variant, a disabled flag, an error or no service', async () => {
    posthog.setFlags({ 'landing-headline': 'hours' })
    // an unknown variant shows the default, and is not recorded as the control group's exposure
    expect(await evaluateFlags({ host: posthog.url, key: 'k_unit_test', distinctId: 'p' })).toMatchObject({ values: defaultFlags(), source: 'service', answered: [] })
    posthog.setFlags({ 'landing-headline': false })
    expect((await evaluateFlags({ host: posthog.url, key: 'k_unit_test', distinctId: 'p' })).values).toEqual(defaultFlags())
    posthog.setFlags({ 'landing-headline': 'minutes' })
    const refused = await evaluateFlags({ host: `${posthog.url}/nowhere`, key: 'k_unit_test', distinctId: 'p' })
    expect(refused).toMatchObject({ source: 'defaults', reason: 'HTTP 404' })
    const unreachable = await evaluateFlags({ host: 'http://127.0.0.1:9', key: 'k_unit_test', distinctId: 'p' })
    expect(unreachable.source).toBe('defaults')
  })
})
