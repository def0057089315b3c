import { describe, expect, it } from 'vitest'
import { analyticsConfig } from '@/lib/analytics/config'
import { DEFAULT_TRACES_SAMPLE_RATE, monitoringConfig, parseDsn } from '@/lib/monitoring/config'

describe('analyticsConfig', () => {
  it('is off with neither variable', () => {
    expect(analyticsConfig({})).toBeNull()
    expect(analyticsConfig({ POSTHOG_KEY: ' ', POSTHOG_HOST: '' })).toBeNull()
  })
  it('refuses half a configuration, naming what is missing', () => {
    expect(() => analyticsConfig({ POSTHOG_KEY: 'phc_abcdefgh12345' })).toThrow(/Missing: POSTHOG_HOST/)
    expect(() => analyticsConfig({ POSTHOG_HOST: 'https://us.i.posthog.com' })).toThrow(/Missing: POSTHOG_KEY/)
  })
  it('refuses malformed values', () => {
    expect(() => analyticsConfig({ POSTHOG_KEY: 'phc key"', POSTHOG_HOST: 'https://us.i.posthog.com' })).toThrow(/POSTHOG_KEY/)
    expect(() => analyticsConfig({ POSTHOG_KEY: 'phc_abcdefgh12345', POSTHOG_HOST: 'ftp://x' })).toThrow(/POSTHOG_HOST/)
    expect(() => analyticsConfig({ POSTHOG_KEY: 'phc_abcdefgh12345', POSTHOG_HOST: 'https://user:pw@x.test' })).toThrow(/POSTHOG_HOST/)
  })
  it("derives PostHog Cloud's assets and app hosts; a self-hosted one serves everything", () => {
    expect(analyticsConfig({ POSTHOG_KEY: 'phc_abcdefgh12345', POSTHOG_HOST: 'https://eu.i.posthog.com/' })).toEqual({
      key: 'phc_abcdefgh12345',
      host: 'https://eu.i.posthog.com',
      assetsHost: 'https://eu-assets.i.posthog.com',
      uiHost: 'https://eu.posthog.com',
    })
    expect(analyticsConfig({ POSTHOG_KEY: 'phc_abcdefgh12345', POSTHOG_HOST: 'https://ph.example.test/base' })).toMatchObject({
      host: 'https://ph.example.test/base',
      assetsHost: 'https://ph.example.test/base',
    })
  })
})

describe('monitoringConfig', () => {
  const dsn = 'https://0123456789abcdef0123456789abcdef@o12.ingest.sentry.io/4506'
  it('is off without SENTRY_DSN', () => {
    expect(monitoringConfig({})).toBeNull()
  })
  it('reads the DSN, environment, release and sample rate', () => {
    expect(monitoringConfig({ SENTRY_DSN: dsn, SENTRY_ENVIRONMENT: 'staging', SENTRY_RELEASE: 'v1.2.3', SENTRY_TRACES_SAMPLE_RATE: '0.25' })).toEqual({
      dsn: { dsn, envelopeUrl: 'https://o12.ingest.sentry.io/api/4506/envelope/', host: 'o12.ingest.sentry.io', projectId: '4506', publicKey: '0123456789abcdef0123456789abcdef' },
      environment: 'staging',
      release: 'v1.2.3',
      tracesSampleRate: 0.25,
    })
    expect(monitoringConfig({ SENTRY_DSN: dsn, NODE_ENV: 'production' })).toMatchObject({ environment: 'production', tracesSampleRate: DEFAULT_TRACES_SAMPLE_RATE })
  })
  it('refuses what is not a DSN or a rate', () => {
    expect(() => monitoringConfig({ SENTRY_DSN: 'https://sentry.io/123' })).toThrow(/SENTRY_DSN/)
    expect(() => monitoringConfig({ SENTRY_DSN: dsn, SENTRY_TRACES_SAMPLE_RATE: '2' })).toThrow(/SENTRY_TRACES_SAMPLE_RATE/)
    expect(() => monitoringConfig({ SENTRY_DSN: dsn, SENTRY_TRACES_SAMPLE_RATE: 'lots' })).toThrow(/SENTRY_TRACES_SAMPLE_RATE/)
    expect(() => monitoringConfig({ SENTRY_DSN: dsn, SENTRY_ENVIRONMENT: 'a b' })).toThrow(/SENTRY_ENVIRONMENT/)
  })
  it('keeps a self-hosted path prefix in the envelope address', () => {
    expect(parseDsn('http://0123456789abcdef@127.0.0.1:9000/sentry/7')?.envelopeUrl).toBe('http://127.0.0.1:9000/sentry/api/7/envelope/')
  })
})
