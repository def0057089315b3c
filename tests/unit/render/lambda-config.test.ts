import { describe, expect, it } from 'vitest'
import { LAMBDA_ENV_KEYS, lambdaConfig } from '../../../lib/env.ts'
import { signatureMatches, signWebhookBody, webhookPayloadSchema } from '../../../lib/render/lambda-webhook.ts'

// Issue 12: Remotion Lambda is chosen by configuration alone, all or nothing.
const FULL = {
  REMOTION_LAMBDA_FUNCTION_NAME: 'remotion-render-4-0-527-mem2048mb-disk2048mb-240sec',
  REMOTION_LAMBDA_REGION: 'eu-central-1',
  REMOTION_LAMBDA_SERVE_URL: 'https://remotionlambda-eucentral1-abc.s3.eu-central-1.amazonaws.com/sites/listing-video/index.html',
  REMOTION_AWS_ACCESS_KEY_ID: 'AKIAIOSFODNN7EXAMPLE',
  REMOTION_AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  REMOTION_WEBHOOK_SECRET: 'a'.repeat(64),
}

describe('the Lambda configuration', () => {
  it('is off with none of its variables (blank counts as unset): the local worker renders', () => {
    expect(lambdaConfig({})).toBeNull()
    expect(lambdaConfig(Object.fromEntries(LAMBDA_ENV_KEYS.map((k) => [k, ' '])))).toBeNull()
  })

  it('is on with all six, and gives the function, region, site and webhook secret', () => {
    expect(lambdaConfig(FULL)).toEqual({
      functionName: FULL.REMOTION_LAMBDA_FUNCTION_NAME, region: 'eu-central-1', serveUrl: FULL.REMOTION_LAMBDA_SERVE_URL, webhookSecret: FULL.REMOTION_WEBHOOK_SECRET,
    })
  })

  it('refuses to start half configured, naming what is missing', () => {
    const { REMOTION_WEBHOOK_SECRET: _s, REMOTION_AWS_SECRET_ACCESS_KEY: _k, ...partial } = FULL
    expect(() => lambdaConfig(partial)).toThrow(/half configured.*Missing: REMOTION_AWS_SECRET_ACCESS_KEY, REMOTION_WEBHOOK_SECRET$/)
  })

  it('refuses values that cannot work (http site, short secret, not a region)', () => {
    expect(() => lambdaConfig({ ...FULL, REMOTION_LAMBDA_SERVE_URL: 'http://example.com/index.html' })).toThrow(/REMOTION_LAMBDA_SERVE_URL/)
    expect(() => lambdaConfig({ ...FULL, REMOTION_WEBHOOK_SECRET: 'short' })).toThrow(/REMOTION_WEBHOOK_SECRET: at least 32/)
    expect(() => lambdaConfig({ ...FULL, REMOTION_LAMBDA_REGION: 'mars' })).toThrow(/REMOTION_LAMBDA_REGION/)
  })
})

describe('the webhook signature and payload', () => {
  const body = JSON.stringify({ type: 'timeout', renderId: 'abc', bucketName: 'remotionlambda-x', expectedBucketOwner: null, customData: { runId: crypto.randomUUID() } })

  it('matches only the exact bytes signed with the secret', () => {
    const signature = signWebhookBody('secret', body)
    expect(signature).toMatch(/^sha512=[0-9a-f]{128}$/)
    expect(signatureMatches('secret', body, signature)).toBe(true)
    expect(signatureMatches('other', body, signature)).toBe(false)
    expect(signatureMatches('secret', `${body} `, signature)).toBe(false)
    expect(signatureMatches('secret', body, null)).toBe(false)
    expect(signatureMatches('secret', body, 'NO_SECRET_PROVIDED')).toBe(false)
  })

  it('parses Remotion payloads and refuses other shapes', () => {
    expect(webhookPayloadSchema.parse(JSON.parse(body)).type).toBe('timeout')
    expect(webhookPayloadSchema.safeParse({ type: 'success', renderId: 'abc', bucketName: 'b', customData: { runId: 'not-a-uuid' } }).success).toBe(false)
    expect(webhookPayloadSchema.safeParse({ type: 'done', renderId: 'abc', bucketName: 'bucket', customData: { runId: crypto.randomUUID() } }).success).toBe(false)
  })
})
