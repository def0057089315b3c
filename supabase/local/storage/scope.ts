import { asOwner, withScope, type Tx } from '../db.ts'
import type { LocalRequest, StandInContext } from '../http.ts'
import { resolveRequestAuth, type Claims } from '../jwt.ts'
import type { BlobStore } from './blobs.ts'
import { ERRORS } from './errors.ts'

/** What every storage handler needs: the stand-in, the bytes, and the platform's global upload limit. */
export interface StorageDeps {
  ctx: StandInContext
  blobs: BlobStore
  /** the platform's default `FILE_SIZE_LIMIT` (50 MB), applied on top of a bucket's own limit */
  globalFileSizeLimit: number
}

/** Who is calling, from the JWT: the role runs the SQL, `sub` becomes owner/owner_id. */
export interface Caller {
  role: string
  claims: Claims
  /** the JWT `sub` (owner_id), null for the anon/service keys */
  sub: string | null
  /** `sub` when it is a uuid (the `owner` column's type), else null */
  ownerUuid: string | null
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function callerFromClaims(role: string, claims: Claims): Caller {
  const sub = typeof claims.sub === 'string' && claims.sub ? claims.sub : null
  return { role, claims, sub, ownerUuid: sub && UUID.test(sub) ? sub : null }
}

/**
 * An unusable token is refused outright (storage does not fall back to anon). A request with no key
 * at all (neither Authorization nor apikey) is refused as Storage refuses it — its JWT plugin verifies
 * the empty token, and jose answers "Invalid Compact JWS" (403 AccessDenied) — except on the routes
 * Storage marks `allowInvalidJwt` (reading an object or its info), where it is anon.
 */
export async function callerOf(deps: StorageDeps, req: LocalRequest, options: { allowMissing?: boolean } = {}): Promise<Caller> {
  const auth = await resolveRequestAuth(deps.ctx.config, req.headers)
  if (!auth.ok) throw ERRORS.invalidJwt(platformJwtMessage(auth.reason, auth.message))
  // no usable credential at all (resolveRequestAuth's anon with no token)
  if (!options.allowMissing && auth.token === null) throw ERRORS.noKey()
  return callerFromClaims(auth.role, auth.claims)
}

/** The messages storage's JWT library produces, which apps sometimes match on. */
export function platformJwtMessage(reason: string, fallback: string): string {
  if (reason === 'expired') return 'jwt expired'
  if (reason === 'signature') return 'invalid signature'
  if (reason === 'malformed') return 'jwt malformed'
  return fallback
}

/**
 * One storage operation in one transaction under the caller's role and claims, with
 * `storage.operation` set so policies can tell operations apart (as on the platform).
 */
export function inScope<T>(
  deps: StorageDeps,
  req: LocalRequest,
  caller: Caller,
  operation: string,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  return withScope(
    deps.ctx.db,
    {
      role: caller.role,
      claims: caller.claims,
      method: req.method,
      path: req.url.pathname,
      headers: req.headers,
      settings: { 'storage.operation': operation, 'storage.allow_delete_query': 'true' },
    },
    fn,
  )
}

/** Public and signed access: storage runs these as its superuser after checking the token. */
export function asSuperuser<T>(deps: StorageDeps, operation: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return asOwner(deps.ctx.db, async (tx) => {
    await tx.query(`select set_config('storage.operation', $1, true)`, [operation])
    return fn(tx)
  })
}

/**
 * A few lookups (bucket limits, the version being replaced) must ignore RLS even inside a user's
 * transaction, as storage does with its superuser connection. `set local role` back and forth
 * keeps the caller's claims and the transaction.
 */
export async function bypassingRls<T>(tx: Tx, fn: () => Promise<T>): Promise<T> {
  const { rows } = await tx.query<{ role: string }>(
    `select current_user::text as role, set_config('role', session_user::text, true) as _`,
  )
  // no `finally`: after a failed statement the transaction is aborted and rolls back anyway
  const result = await fn()
  await tx.query(`select set_config('role', $1, true)`, [rows[0].role])
  return result
}

/** A probe write that is always rolled back: the platform tests permission before storing bytes. */
export async function probe(tx: Tx, write: () => Promise<unknown>): Promise<void> {
  await tx.exec('savepoint storage_probe')
  try {
    await write()
  } finally {
    await tx.exec('rollback to savepoint storage_probe')
  }
}
