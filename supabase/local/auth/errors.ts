import type { LocalRequest, LocalResponse } from '../http.ts'

/**
 * An error GoTrue would answer with. Thrown anywhere in a handler and turned into the response by
 * the router, so every endpoint gets the same envelope.
 */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
}

/** The header auth-js uses to pick `body.code` over `body.error_code`; echoed on every answer. */
export function versionHeaders(req: LocalRequest): Record<string, string> {
  const asked = req.headers['x-supabase-api-version']
  return asked ? { 'X-Supabase-Api-Version': asked } : {}
}

/**
 * Both shapes at once: `{code, message}` (2024-01-01) and `{error_code, msg}` (legacy), as the
 * wire notes recommend, so old and new clients read the same code and message.
 */
export function errorResponse(req: LocalRequest, err: AuthError): LocalResponse {
  const newShape = Boolean(req.headers['x-supabase-api-version'])
  return {
    status: err.status,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'x-sb-error-code': err.code,
      ...versionHeaders(req),
      ...err.headers,
    },
    body: {
      code: newShape ? err.code : err.status,
      message: err.message,
      error_code: err.code,
      msg: err.message,
      ...err.extra,
    },
  }
}

export const errors = {
  validation: (message: string) => new AuthError(400, 'validation_failed', message),
  invalidCredentials: () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials'),
  emailNotConfirmed: () => new AuthError(400, 'email_not_confirmed', 'Email not confirmed'),
  userBanned: () => new AuthError(400, 'user_banned', 'User is banned'),
  refreshUserBanned: () => new AuthError(400, 'user_banned', 'Invalid Refresh Token: User Banned'),
  /** requireAuthentication: an access token issued before the ban no longer reaches /user, /logout… */
  bannedCaller: () => new AuthError(403, 'user_banned', 'User is banned'),
  userAlreadyExists: () => new AuthError(422, 'user_already_exists', 'User already registered'),
  emailExists: () =>
    new AuthError(422, 'email_exists', 'A user with this email address has already been registered'),
  weakPassword: (min: number) =>
    new AuthError(422, 'weak_password', `Password should be at least ${min} characters.`, {
      weak_password: { reasons: ['length'] },
    }),
  samePassword: () =>
    new AuthError(422, 'same_password', 'New password should be different from the old password.'),
  noAuthorization: () => new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token'),
  badJwt: (detail: string) => new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`),
  userNotFoundFromJwt: () => new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist'),
  sessionNotFound: () =>
    new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  notAdmin: () => new AuthError(403, 'not_admin', 'User not allowed'),
  userNotFound: () => new AuthError(404, 'user_not_found', 'User not found'),
  otpExpired: () => new AuthError(403, 'otp_expired', 'Token has expired or is invalid'),
  refreshNotFound: () => new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  refreshAlreadyUsed: () => new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  refreshSessionGone: () => new AuthError(400, 'session_not_found', 'Invalid Refresh Token: No Valid Session Found'),
  flowStateNotFound: () =>
    new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found'),
  flowStateExpired: () => new AuthError(400, 'flow_state_expired', 'invalid flow state, flow state has expired'),
  badCodeVerifier: () =>
    new AuthError(400, 'bad_code_verifier', 'code challenge does not match previously saved code verifier'),
  requestRateLimit: () => new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached'),
  emailRateLimit: () => new AuthError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded'),
  anonymousDisabled: () => new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled'),
  // GoTrue's DisableSignup answer, for /signup (anonymous too) and an OTP that would make an account
  signupDisabled: () => new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance'),
  otpSignupsDisabled: () => new AuthError(422, 'otp_disabled', 'Signups not allowed for otp'),
  notFound: () => new AuthError(404, 'not_found', 'Not found'),
}
