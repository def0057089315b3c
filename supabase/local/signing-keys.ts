import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { importJWK, type CryptoKey, type JWK, type KeyObject } from 'jose'
import { parse } from 'smol-toml'

/*
 * Asymmetric JWT signing keys, the platform's default (GoTrue's GOTRUE_JWT_KEYS; the CLI's
 * `[auth] signing_keys_path`, a JSON array of private JWKs as `supabase gen signing-key` writes
 * them). With keys, access tokens are signed by the first key that may sign (its `kid` and `alg` in
 * the header), `/.well-known/jwks.json` serves every key's public half, and a token is verified
 * against the key its `kid` names — so `getClaims()` checks a session without a round trip. The
 * legacy HS256 secret is still accepted (the anon and service_role keys, older sessions), as on the
 * platform. Without keys, everything stays HS256 and the JWKS is empty.
 */

export type SigningAlg = 'RS256' | 'ES256' | 'EdDSA'
const ALGS: readonly string[] = ['RS256', 'ES256', 'EdDSA']

export interface SigningKey {
  kid: string
  alg: SigningAlg
  /** null: a verification-only key (no `d`, or key_ops without "sign") */
  privateKey: CryptoKey | KeyObject | null
  publicKey: CryptoKey | KeyObject
  /** what the JWKS serves: the public members, kid, alg, key_ops ["verify"] */
  publicJwk: JWK
}

const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k']

/** The raw JWKs of `[auth] signing_keys_path` (relative to the supabase/ folder), or [] when unset. */
export function signingKeysFromToml(file: string | null): JWK[] {
  if (!file || !existsSync(file)) return []
  const auth = (parse(readFileSync(file, 'utf8')) as Record<string, Record<string, unknown> | undefined>).auth ?? {}
  const keysPath = auth.signing_keys_path
  if (typeof keysPath !== 'string' || !keysPath) return []
  const full = path.resolve(path.dirname(file), keysPath)
  if (!existsSync(full)) throw new Error(`supabase/config.toml [auth] signing_keys_path: no file at ${keysPath}`)
  const keys = JSON.parse(readFileSync(full, 'utf8')) as unknown
  if (!Array.isArray(keys) || keys.length === 0) throw new Error(`${keysPath}: expected a JSON array of JWKs`)
  return keys as JWK[]
}

export async function importSigningKeys(jwks: JWK[]): Promise<SigningKey[]> {
  const out: SigningKey[] = []
  for (const [index, jwk] of jwks.entries()) {
    const where = `signing key ${index + 1}`
    if (typeof jwk !== 'object' || jwk === null) throw new Error(`${where}: not a JWK`)
    if (jwk.kty === 'oct') throw new Error(`${where}: a symmetric key; use the project's JWT secret for HS256`)
    if (!jwk.kid) throw new Error(`${where}: no kid`)
    const alg = jwk.alg ?? (jwk.kty === 'RSA' ? 'RS256' : jwk.kty === 'EC' ? 'ES256' : jwk.kty === 'OKP' ? 'EdDSA' : '')
    if (!ALGS.includes(alg)) throw new Error(`${where}: algorithm ${alg || jwk.kty} is not one GoTrue signs with (${ALGS.join(', ')})`)
    const publicJwk = Object.fromEntries(Object.entries(jwk).filter(([k]) => !PRIVATE_MEMBERS.includes(k) && k !== 'key_ops' && k !== 'ext')) as JWK
    const canSign = Boolean(jwk.d) && (!jwk.key_ops || jwk.key_ops.includes('sign'))
    out.push({
      kid: jwk.kid,
      alg: alg as SigningAlg,
      // key_ops describe the pair ("sign", "verify"); WebCrypto refuses "verify" on a private key
      privateKey: canSign ? ((await importJWK({ ...jwk, alg, key_ops: undefined, ext: undefined }, alg)) as CryptoKey | KeyObject) : null,
      publicKey: (await importJWK({ ...publicJwk, alg }, alg)) as CryptoKey | KeyObject,
      publicJwk: { ...publicJwk, alg, key_ops: ['verify'] },
    })
  }
  return out
}
