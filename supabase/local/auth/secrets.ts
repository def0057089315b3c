import { createHash, randomBytes, randomInt } from 'node:crypto'

/** A 6-digit one-time code, as GoTrue's `crypto.GenerateOtp(6)`. */
export function generateOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}

/** GoTrue's `GenerateTokenHash`: hex sha224 of the address and the code; what email links carry. */
export function tokenHash(emailOrPhone: string, otp: string): string {
  return createHash('sha224').update(emailOrPhone + otp).digest('hex')
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'

/** An opaque refresh token, like GoTrue's 12-character ones (a little longer here). */
export function randomToken(length = 16): string {
  const bytes = randomBytes(length)
  let out = ''
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length]
  return out
}

/** PKCE: base64url(sha256(verifier)) for s256, the verifier itself for plain. */
export function challengeFor(verifier: string, method: string): string {
  if (method.toLowerCase() === 'plain') return verifier
  return createHash('sha256').update(verifier).digest('base64url')
}
