import { json, type LocalRequest, type LocalResponse } from '../http.ts'
import { findBucketIgnoringRls } from './buckets.ts'
import { ERRORS } from './errors.ts'
import { jsonBody, queryParams } from './names.ts'
import { findObject, infoJson, serveObject } from './object-rows.ts'
import { asSuperuser, inScope, type Caller, type StorageDeps } from './scope.ts'
import { signDownloadToken, verifyObjectToken } from './tokens.ts'
import { parseTransform, transformationsString } from './transform.ts'

/** `GET|HEAD /object[/authenticated]/{bucket}/{path}`: the caller's SELECT policies decide. */
export async function downloadAuthenticated(
  deps: StorageDeps,
  req: LocalRequest,
  caller: Caller,
  bucket: string,
  name: string,
): Promise<LocalResponse> {
  const row = await inScope(deps, req, caller, 'storage.object.get_authenticated', (tx) => findObject(tx, bucket, name))
  return serveObject(deps, req, row)
}

/** `GET|HEAD /object/public/{bucket}/{path}`: no credentials, only for buckets marked public. */
export async function downloadPublic(deps: StorageDeps, req: LocalRequest, bucket: string, name: string) {
  const row = await asSuperuser(deps, 'storage.object.get_public', async (tx) => {
    const b = await findBucketIgnoringRls(tx, bucket)
    if (!b.public) throw ERRORS.noSuchBucket()
    return findObject(tx, bucket, name)
  })
  return serveObject(deps, req, row)
}

/** `GET /object/info/[authenticated/|public/]{bucket}/{path}` (storage-js `info()` and `exists()`). */
export async function objectInfo(
  deps: StorageDeps,
  req: LocalRequest,
  caller: Caller | null,
  bucket: string,
  name: string,
): Promise<LocalResponse> {
  const row = caller
    ? await inScope(deps, req, caller, 'storage.object.info_authenticated', (tx) => findObject(tx, bucket, name))
    : await asSuperuser(deps, 'storage.object.info_public', async (tx) => {
        const b = await findBucketIgnoringRls(tx, bucket)
        if (!b.public) throw ERRORS.noSuchBucket()
        return findObject(tx, bucket, name)
      })
  if (req.method === 'HEAD') return { status: 200 }
  return json(200, infoJson(row))
}

function expiresInOf(req: LocalRequest): number {
  const v = jsonBody(req).expiresIn
  if (v === undefined) throw ERRORS.invalidParameter("body must have required property 'expiresIn'")
  const n = Number(v)
  if (!Number.isInteger(n) || n < 1) throw ERRORS.invalidParameter('body/expiresIn must be >= 1')
  return n
}

/** `POST /object/sign/{bucket}/{path}`: only objects the caller can see get a URL. */
export async function createSignedUrl(
  deps: StorageDeps,
  req: LocalRequest,
  caller: Caller,
  bucket: string,
  name: string,
): Promise<LocalResponse> {
  const expiresIn = expiresInOf(req)
  const rawTransform = jsonBody(req).transform
  const transform = rawTransform && typeof rawTransform === 'object' ? transformationsString(parseTransform(rawTransform as Record<string, unknown>, 'body/transform')) : ''
  await inScope(deps, req, caller, 'storage.object.sign', (tx) => findObject(tx, bucket, name))
  const token = await signDownloadToken(deps.ctx.config, bucket, name, expiresIn, transform || undefined)
  // with a transform, the URL is the image renderer's (as Storage's signObjectUrl does)
  return json(200, { signedURL: `/${transform ? 'render/image' : 'object'}/sign/${bucket}/${name}?token=${token}` })
}

/** `POST /object/sign/{bucket}` with `paths`: one entry per path, an error string for the invisible. */
export async function createSignedUrls(
  deps: StorageDeps,
  req: LocalRequest,
  caller: Caller,
  bucket: string,
): Promise<LocalResponse> {
  const expiresIn = expiresInOf(req)
  const paths = jsonBody(req).paths
  if (!Array.isArray(paths) || paths.some((p) => typeof p !== 'string')) {
    throw ERRORS.invalidParameter("body must have required property 'paths'")
  }
  const visible = await inScope(deps, req, caller, 'storage.object.sign_many', async (tx) => {
    const r = await tx.query<{ name: string }>(
      `select name from storage.objects where bucket_id = $1 and name = any($2::text[])`,
      [bucket, paths],
    )
    return new Set(r.rows.map((x) => x.name))
  })
  const out = []
  for (const path of paths as string[]) {
    if (!visible.has(path)) {
      out.push({ error: 'Either the object does not exist or you do not have access to it', path, signedURL: null })
      continue
    }
    const token = await signDownloadToken(deps.ctx.config, bucket, path, expiresIn)
    out.push({ error: null, path, signedURL: `/object/sign/${bucket}/${path}?token=${token}` })
  }
  return json(200, out)
}

/** `GET|HEAD /object/sign/{bucket}/{path}?token=`: the token is the permission; no RLS. */
export async function downloadSigned(deps: StorageDeps, req: LocalRequest, bucket: string, name: string) {
  await verifyObjectToken(deps.ctx.config, queryParams(req).get('token'), 'download', bucket, name)
  const row = await asSuperuser(deps, 'storage.object.get_signed', (tx) => findObject(tx, bucket, name))
  return serveObject(deps, req, row)
}
