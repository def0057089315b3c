import type { StandInConfig } from '../config.ts'
import { signJwt, verifyJwt, type Claims } from '../jwt.ts'
import { ERRORS } from './errors.ts'
import { platformJwtMessage } from './scope.ts'

/** How long a signed upload URL lives on the platform (2 hours). */
export const SIGNED_UPLOAD_TTL_SECONDS = 2 * 60 * 60

/** A download token: `{url: "bucket/path"}` signed with the project secret, as storage issues it. */
export async function signDownloadToken(config: StandInConfig, bucket: string, name: string, expiresIn: number, transformations?: string) {
  const iat = Math.floor(Date.now() / 1000)
  // a transform's options travel in the token (Storage's `transformations` claim), so a signed
  // thumbnail URL cannot be edited into a full-size download
  return signJwt(config, { ...(transformations ? { transformations } : {}), url: `${bucket}/${name}`, scope: 'download', iat, exp: iat + expiresIn })
}

export async function signUploadToken(
  config: StandInConfig,
  bucket: string,
  name: string,
  owner: string | null,
  upsert: boolean,
) {
  const iat = Math.floor(Date.now() / 1000)
  return signJwt(config, {
    owner: owner ?? undefined,
    url: `${bucket}/${name}`,
    upsert,
    scope: 'upload',
    iat,
    exp: iat + SIGNED_UPLOAD_TTL_SECONDS,
  })
}

/**
 * Checks a signed-URL token: valid signature, not expired, made for this very object and for this
 * kind of use (a download token cannot upload and vice versa).
 */
export async function verifyObjectToken(
  config: StandInConfig,
  token: string | null,
  scope: 'download' | 'upload',
  bucket: string,
  name: string,
): Promise<Claims> {
  if (!token) throw ERRORS.invalidParameter("querystring must have required property 'token'")
  const v = await verifyJwt(config, token)
  if (!v.ok) throw ERRORS.invalidJwt(platformJwtMessage(v.reason, v.message))
  const claims = v.claims
  if (claims.url !== `${bucket}/${name}`) throw ERRORS.invalidSignature()
  if (claims.scope !== undefined && claims.scope !== scope) throw ERRORS.invalidSignature()
  // an ordinary access token has no `url` and is refused above; a download token has no `upsert`
  return claims
}
