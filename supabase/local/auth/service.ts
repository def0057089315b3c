import { adminDeleteFactor, adminListFactors, challengeFactor, enrollFactor, unenrollFactor, verifyFactor } from './mfa.ts'
import { manualLinkingDisabled, oauthServerDisabled, ssoDisabled } from './disabled.ts'
import { adminOAuthClients } from './oauth-clients.ts'
import type { LocalRequest, LocalResponse, Service, StandInContext } from '../http.ts'
import { createAuthContext, ok, type AuthContext, type AuthLimiters, type Handler } from './context.ts'
import { clientIp, readJson, str } from './request.ts'
import { AuthError, errorResponse, errors } from './errors.ts'
import { signUp } from './signup.ts'
import { tokenGrant } from './token.ts'
import { getUser, logout, putUser } from './user.ts'
import { otp, recover, resend } from './otp.ts'
import { verifyGet, verifyPost } from './verify.ts'
import { createUser, deleteUser, getUserById, updateUserById } from './admin.ts'
import { listUsers } from './admin-list.ts'
import { generateLink, invite } from './admin-links.ts'
import { authorize, reauthenticate } from './reauthenticate.ts'
import { captchaStage, verifyCaptcha } from './captcha.ts'
import {
  adminPasskeyDelete,
  adminPasskeyList,
  passkeyAuthenticationOptions,
  passkeyAuthenticationVerify,
  passkeyDelete,
  passkeyList,
  passkeyRegistrationOptions,
  passkeyRegistrationVerify,
  passkeyUpdate,
} from './passkeys.ts'

type Route = [method: string, path: string | RegExp, handler: Handler]

/**
 * GoTrue's route limits, per caller address, checked before the handler (limitHandler): /signup
 * counts against sign-ups or, without credentials, anonymous sign-ins; /verify against token
 * verifications; the mail-sending routes and PUT /user against the OTP rate, a bucket each.
 */
const OTP_ROUTES: Record<string, keyof AuthLimiters> = { '/otp': 'otp', '/magiclink': 'magicLink', '/recover': 'recover', '/resend': 'resend' }

function limiterFor(ctx: AuthContext, method: string, path: string, req: LocalRequest): keyof AuthLimiters | null {
  if (method === 'POST' && path === '/signup') {
    const body = readJson(req)
    return str(body.email) || str(body.phone) ? 'signUps' : 'anonymous'
  }
  if (path === '/verify') return 'verify'
  if (method === 'POST' && path in OTP_ROUTES) return OTP_ROUTES[path]
  if (method === 'PUT' && path === '/user') return 'user'
  return null
}

function settings(ctx: AuthContext, req: LocalRequest): LocalResponse {
  const a = ctx.config.auth
  return ok(req, {
    external: {
      anonymous_users: a.anonymousSignIns, email: true, phone: false,
      apple: false, azure: false, bitbucket: false, discord: false, facebook: false, figma: false, fly: false,
      github: false, gitlab: false, google: false, keycloak: false, kakao: false, linkedin: false,
      linkedin_oidc: false, notion: false, spotify: false, slack: false, slack_oidc: false, workos: false,
      twitch: false, twitter: false, x: false, zoom: false,
    },
    disable_signup: !a.signupEnabled,
    mailer_autoconfirm: a.autoconfirm,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
    passkeys_enabled: a.webauthn.passkeys,
  })
}

function routes(): Route[] {
  return [
    ['GET', '/settings', async (ctx, req) => settings(ctx, req)],
    ['GET', '/health', async (_ctx, req) =>
      ok(req, { version: 'supabase-local', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' })],
    // HS256 only: nothing to publish, and auth-js then validates through /user
    // the public half of each asymmetric signing key (none with HS256 only), as GoTrue's WellKnownJwks
    ['GET', '/.well-known/jwks.json', async (ctx, req) => ok(req, { keys: ctx.config.signingKeys.map((k) => k.publicJwk) })],
    ['POST', '/signup', signUp],
    ['POST', '/token', tokenGrant],
    ['GET', '/user', getUser],
    ['PUT', '/user', putUser],
    ['POST', '/logout', logout],
    ['POST', '/recover', recover],
    ['POST', '/otp', otp],
    ['POST', '/magiclink', otp],
    ['POST', '/resend', resend],
    ['GET', '/verify', verifyGet],
    ['POST', '/verify', verifyPost],
    ['POST', '/invite', invite],
    ['POST', '/factors', enrollFactor],
    ['POST', /^\/factors\/[^/]+\/challenge$/, challengeFactor],
    ['POST', /^\/factors\/[^/]+\/verify$/, verifyFactor],
    ['DELETE', /^\/factors\/[^/]+$/, unenrollFactor],
    ['GET', /^\/admin\/users\/[^/]+\/factors$/, adminListFactors],
    ['POST', '/passkeys/registration/options', passkeyRegistrationOptions],
    ['POST', '/passkeys/registration/verify', passkeyRegistrationVerify],
    ['POST', '/passkeys/authentication/options', passkeyAuthenticationOptions],
    ['POST', '/passkeys/authentication/verify', passkeyAuthenticationVerify],
    ['GET', '/passkeys', passkeyList],
    ['PATCH', /^\/passkeys\/[^/]+$/, passkeyUpdate],
    ['DELETE', /^\/passkeys\/[^/]+$/, passkeyDelete],
    ['GET', /^\/admin\/users\/[^/]+\/passkeys$/, adminPasskeyList],
    ['DELETE', /^\/admin\/users\/[^/]+\/passkeys\/[^/]+$/, adminPasskeyDelete],
    ['DELETE', /^\/admin\/users\/[^/]+\/factors\/[^/]+$/, adminDeleteFactor],
    ['POST', '/sso', ssoDisabled],
    ['GET', /^\/sso\/saml\/(metadata|acs)$/, ssoDisabled],
    ['POST', '/sso/saml/acs', ssoDisabled],
    ['GET', '/user/identities/authorize', manualLinkingDisabled],
    ['GET', '/.well-known/oauth-authorization-server', oauthServerDisabled],
    ...['GET', 'POST', 'PUT', 'DELETE'].flatMap((method): Route[] => [
      [method, /^\/oauth\/.+$/, oauthServerDisabled],
      [method, /^\/admin\/oauth\/.+$/, adminOAuthClients],
    ]),
    ['DELETE', /^\/user\/identities\/[^/]+$/, manualLinkingDisabled],
    ['GET', '/reauthenticate', reauthenticate],
    ['GET', '/authorize', authorize],
    ['GET', '/admin/users', listUsers],
    ['POST', '/admin/users', createUser],
    ['GET', /^\/admin\/users\/[^/]+$/, getUserById],
    ['PUT', /^\/admin\/users\/[^/]+$/, updateUserById],
    ['DELETE', /^\/admin\/users\/[^/]+$/, deleteUser],
    ['POST', '/admin/generate_link', generateLink],
  ]
}

const SQLSTATE = /^[0-9A-Z]{5}$/

/**
 * A Postgres error (an app trigger on auth.users raising, a foreign key blocking a delete) gets
 * GoTrue's wording, which developers know from the platform; the details go to the log.
 */
function failureMessage(method: string, path: string, err: unknown): string {
  const code = (err as { code?: unknown }).code
  if (typeof code !== 'string' || !SQLSTATE.test(code)) return (err as Error).message ?? 'internal error'
  if (method === 'DELETE') return 'Database error deleting user'
  if (['/signup', '/otp', '/magiclink', '/invite', '/admin/users', '/admin/generate_link'].includes(path) && method === 'POST') {
    return 'Database error saving new user'
  }
  if (method === 'PUT') return 'Database error updating user'
  return 'Database error querying schema'
}

/** The GoTrue-compatible auth API (`/auth/v1`). */
export async function createAuthService(base: StandInContext): Promise<Service> {
  const ctx = createAuthContext(base)
  const table = routes()
  const captcha = ctx.config.auth.captcha
  if (captcha.enabled) ctx.log(`auth: CAPTCHA required (${captcha.provider}, verified at ${captcha.verifyUrl || 'the provider'})`)
  return {
    prefix: '/auth/v1',
    async handle(req: LocalRequest): Promise<LocalResponse> {
      const path = req.path.replace(/\/+$/, '') || '/'
      const method = req.method === 'HEAD' ? 'GET' : req.method
      const route = table.find(([m, p]) => m === method && (typeof p === 'string' ? p === path : p.test(path)))
      try {
        if (!route) throw errors.notFound()
        const limiter = limiterFor(ctx, method, path, req)
        // GoTrue checks the CAPTCHA before /signup's and /token's limits, after the mail routes' ones
        const captcha = captchaStage(method, path, req)
        if (captcha === 'before') await verifyCaptcha(ctx, req)
        if (limiter && !ctx.limiters[limiter].take(clientIp(ctx.config, req))) throw errors.requestRateLimit()
        if (captcha === 'after') await verifyCaptcha(ctx, req)
        return await route[2](ctx, { ...req, path })
      } catch (err) {
        if (err instanceof AuthError) return errorResponse(req, err)
        ctx.log('auth error', req.method, req.path, err)
        return errorResponse(req, new AuthError(500, 'unexpected_failure', failureMessage(req.method, path, err)))
      }
    },
  }
}
