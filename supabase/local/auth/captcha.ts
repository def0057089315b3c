import type { CaptchaProvider, CaptchaSettings } from '../config.ts'
import type { LocalRequest } from '../http.ts'
import type { AuthContext } from './context.ts'
import { AuthError } from './errors.ts'
import { clientIp, obj, readJson, requireAdmin } from './request.ts'

/**
 * GoTrue's CAPTCHA protection (internal/api/middleware.go verifyCaptcha, internal/security/captcha.go),
 * read from its source: when enabled, the protected routes want a token in
 * `gotrue_meta_security.captcha_token` of the JSON body and check it with the provider's siteverify
 * (a form POST of `secret`, `response`, `remoteip`). An admin caller (service_role) skips it.
 */

/** The providers' siteverify URLs (getCaptchaURL). */
export const CAPTCHA_VERIFY_URLS: Record<CaptchaProvider, string> = {
  hcaptcha: 'https://hcaptcha.com/siteverify',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
}

/**
 * Where GoTrue's router puts verifyCaptcha (api.go): `before` the route's rate limit for /signup
 * (anonymous sign-ins included) and /token (whose limit sits in the handler); `after` it for /otp,
 * /magiclink, /recover and /resend. /token skips it for the refresh_token, pkce and id_token grants
 * (isIgnoreCaptchaRoute; `grant_type` from the query, where the clients put it), and after its limit
 * POST /passkeys/authentication/options. GoTrue also guards POST /sso, which the stand-in does not serve.
 */
export function captchaStage(method: string, path: string, req: LocalRequest): 'before' | 'after' | null {
  if (method !== 'POST') return null
  if (path === '/signup') return 'before'
  if (path === '/passkeys/authentication/options') return 'after'
  if (path === '/token') {
    const grant = req.url.searchParams.get('grant_type') ?? ''
    return ['pkce', 'refresh_token', 'id_token'].includes(grant) ? null : 'before'
  }
  if (['/otp', '/magiclink', '/recover', '/resend'].includes(path)) return 'after'
  return null
}

/** 400 `captcha_failed`, GoTrue's wording. */
export function captchaFailed(reason: string): AuthError {
  return new AuthError(400, 'captcha_failed', `captcha protection: request disallowed (${reason})`)
}

export interface CaptchaVerification {
  success: boolean
  errorCodes: string[]
}

/**
 * GoTrue's verifier: the whole call within the timeout (10 s), the answer read as JSON whatever its
 * status (`success`, `error-codes`). A network failure, a timeout or an answer that is not that JSON
 * throws, which the caller turns into a 500: a provider outage refuses the request, never lets it through.
 */
export async function verifyCaptchaToken(settings: CaptchaSettings, token: string, remoteIp: string): Promise<CaptchaVerification> {
  const url = settings.verifyUrl || CAPTCHA_VERIFY_URLS[settings.provider]
  const form = new URLSearchParams({ secret: settings.secret, response: token, remoteip: remoteIp }).toString()
  const signal = AbortSignal.timeout(settings.timeoutMs)
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form,
    signal,
  })
  const text = await res.text()
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new Error(`failed to decode captcha response: not JSON (HTTP ${res.status})`)
  }
  if (parsed === null) return { success: false, errorCodes: [] }
  const body = obj(parsed)
  if (!body) throw new Error('failed to decode captcha response: not an object')
  const success = body.success ?? false
  const codes = body['error-codes'] ?? []
  if (typeof success !== 'boolean' || !Array.isArray(codes) || !codes.every((c) => typeof c === 'string')) {
    throw new Error('failed to decode captcha response: unexpected field types')
  }
  return { success, errorCodes: codes }
}

async function isAdminCaller(ctx: AuthContext, req: LocalRequest): Promise<boolean> {
  try {
    await requireAdmin(ctx.config, req)
    return true
  } catch {
    return false
  }
}

/** The token the clients send: `{ gotrue_meta_security: { captcha_token } }`; anything else in its place is bad JSON to GoTrue. */
function tokenFrom(req: LocalRequest): string {
  const body = readJson(req)
  const security = body.gotrue_meta_security
  if (security === undefined || security === null) return ''
  const fields = obj(security)
  const token = fields?.captcha_token
  if (!fields || (token !== undefined && token !== null && typeof token !== 'string')) {
    throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON: gotrue_meta_security.captcha_token must be a string')
  }
  return (token ?? '').trim()
}

/** verifyCaptcha: nothing when CAPTCHA is off or the caller is an admin; otherwise a good token or an error. */
export async function verifyCaptcha(ctx: AuthContext, req: LocalRequest): Promise<void> {
  const settings = ctx.config.auth.captcha
  if (!settings.enabled) return
  if (await isAdminCaller(ctx, req)) return
  const token = tokenFrom(req)
  if (!token) throw captchaFailed('no captcha_token found')
  let result: CaptchaVerification
  try {
    result = await verifyCaptchaToken(settings, token, clientIp(ctx.config, req))
  } catch (err) {
    ctx.log('captcha verification failed', settings.provider, (err as Error).message ?? err)
    throw new AuthError(500, 'unexpected_failure', 'captcha verification process failed')
  }
  if (!result.success) throw captchaFailed(result.errorCodes.join(', '))
}
