import { idTokenGrant, web3Grant } from './disabled.ts'
import type { LocalRequest, LocalResponse } from '../http.ts'
import { ok, owner, type AuthContext } from './context.ts'
import { AuthError, errors } from './errors.ts'
import { FLOW_STATE_TTL_MS } from './mail.ts'
import { passwordMatches } from './passwords.ts'
import { clientIp, readJson, str, type Body } from './request.ts'
import { challengeFor } from './secrets.ts'
import { refreshSession, startSession, type AuthMethod } from './sessions.ts'
import { findUserByEmail, findUserById, isBanned } from './users.ts'

const GRANTS = ['password', 'refresh_token', 'pkce']

/**
 * POST /token?grant_type=password|refresh_token|pkce. Every grant counts against GoTrue's token
 * limiter (`token_refresh` per address, internal/api/token.go), password sign-ins also against the
 * stand-in's per-email and per-address sign-in limit.
 */
export async function tokenGrant(ctx: AuthContext, req: LocalRequest): Promise<LocalResponse> {
  const body = readJson(req)
  const grant = req.url.searchParams.get('grant_type') ?? ''
  if (GRANTS.includes(grant) && !ctx.limiters.refresh.take(clientIp(ctx.config, req))) throw errors.requestRateLimit()
  switch (grant) {
    case 'password':
      return passwordGrant(ctx, req, body)
    case 'refresh_token':
      return refreshGrant(ctx, req, body)
    case 'pkce':
      return pkceGrant(ctx, req, body)
    case 'id_token':
      return idTokenGrant(req)
    case 'web3':
      return web3Grant()
    default:
      throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type')
  }
}

/** One attempt counts against both the email and the caller's address. */
export function takeSignInAttempt(ctx: AuthContext, req: LocalRequest, email: string): void {
  const byEmail = ctx.signInLimiter.take(`email:${email.trim().toLowerCase()}`)
  const byIp = ctx.signInLimiter.take(`ip:${clientIp(ctx.config, req)}`)
  if (!byEmail || !byIp) throw errors.requestRateLimit()
}

async function passwordGrant(ctx: AuthContext, req: LocalRequest, body: Body): Promise<LocalResponse> {
  const email = str(body.email)
  const password = str(body.password) ?? ''
  if (!email) {
    if (str(body.phone)) throw errors.invalidCredentials()
    throw errors.validation('A valid email or phone number is required')
  }
  takeSignInAttempt(ctx, req, email)
  const found = await owner(ctx, (tx) => findUserByEmail(tx, email))
  // compare outside the transaction: bcrypt is slow and PGlite has one connection
  if (!found || !(await passwordMatches(password, found.encrypted_password))) throw errors.invalidCredentials()
  if (!found.email_confirmed_at) throw errors.emailNotConfirmed()
  if (isBanned(found)) throw errors.userBanned()
  const session = await owner(ctx, (tx) =>
    startSession(tx, ctx.config, found, 'password', { userAgent: req.headers['user-agent'], ip: req.ip }),
  )
  const tooShort = [...password].length < ctx.config.auth.minPasswordLength
  return ok(req, tooShort ? { ...session, weak_password: { reasons: ['length'], message: 'Password is too short' } } : session)
}

async function refreshGrant(ctx: AuthContext, req: LocalRequest, body: Body): Promise<LocalResponse> {
  const token = str(body.refresh_token)
  if (!token) {
    return ok(req, { error: 'invalid_request', error_description: 'refresh_token required' }, 400)
  }
  const result = await owner(ctx, (tx) => refreshSession(tx, ctx.config, token))
  if (result instanceof AuthError) throw result
  return ok(req, result)
}

interface FlowStateRow {
  id: string
  user_id: string | null
  code_challenge: string
  code_challenge_method: string
  authentication_method: string
  created_at: Date
  auth_code_issued_at: Date | null
}

/** The code an email link handed out, redeemed with the verifier only the requesting client holds. */
async function pkceGrant(ctx: AuthContext, req: LocalRequest, body: Body): Promise<LocalResponse> {
  const code = str(body.auth_code)
  const verifier = str(body.code_verifier)
  if (!code || !verifier) throw errors.validation('invalid request: both auth code and code verifier should be non-empty')
  const outcome = await owner(ctx, async (tx) => {
    const r = await tx.query<FlowStateRow>('select * from auth.flow_state where auth_code = $1', [code])
    const flow = r.rows[0]
    if (!flow || !flow.user_id || !flow.auth_code_issued_at) throw errors.flowStateNotFound()
    if (Date.now() - new Date(flow.auth_code_issued_at).getTime() > FLOW_STATE_TTL_MS) {
      await tx.query('delete from auth.flow_state where id = $1', [flow.id])
      return errors.flowStateExpired()
    }
    if (challengeFor(verifier, flow.code_challenge_method) !== flow.code_challenge) throw errors.badCodeVerifier()
    const user = await findUserById(tx, flow.user_id)
    if (!user) throw errors.flowStateNotFound()
    if (isBanned(user)) throw errors.userBanned()
    await tx.query('delete from auth.flow_state where id = $1', [flow.id])
    const method = flow.authentication_method as AuthMethod
    return startSession(tx, ctx.config, user, method, { userAgent: req.headers['user-agent'], ip: req.ip })
  })
  if (outcome instanceof AuthError) throw outcome
  return ok(req, outcome)
}
