import { randomUUID } from 'node:crypto'
import type { Tx } from '../db.ts'
import { json, type LocalRequest, type LocalResponse } from '../http.ts'
import { findBucketIgnoringRls } from './buckets.ts'
import { ERRORS } from './errors.ts'
import { bareMime, effectiveSizeLimit, mimeAllowed } from './limits.ts'
import { checkObjectName, queryParams } from './names.ts'
import { objectMetadata, writeObjectRow, type ObjectWrite } from './object-rows.ts'
import { asSuperuser, bypassingRls, inScope, probe, type Caller, type StorageDeps } from './scope.ts'
import { signUploadToken, verifyObjectToken } from './tokens.ts'
import { readUploadBody, type UploadBody } from './upload-body.ts'

interface Store {
  bucket: string
  name: string
  upsert: boolean
  owner: string | null
  ownerId: string | null
}

function duplicateAsKeyExists(err: unknown): never {
  if ((err as { code?: string }).code === '23505') throw ERRORS.keyAlreadyExists()
  throw err
}

/**
 * Checks an upload the way the platform's `canUpload` does: the bucket exists and a probe row write
 * (insert, or insert-on-conflict-update for upserts) passes the `storage.objects` policies. The
 * probe is rolled back, so nothing is stored for a refused caller.
 */
async function checkUpload(tx: Tx, s: Store) {
  checkObjectName(s.name)
  const bucket = await findBucketIgnoringRls(tx, s.bucket)
  const probeRow: ObjectWrite = {
    id: randomUUID(),
    bucket: s.bucket,
    name: s.name,
    owner: s.owner,
    ownerId: s.ownerId,
    version: randomUUID(),
    metadata: {},
    userMetadata: null,
  }
  await probe(tx, () => writeObjectRow(tx, probeRow, s.upsert)).catch(duplicateAsKeyExists)
  return bucket
}

/** Stores the bytes and writes the row in the caller's transaction; returns the object id. */
async function storeObject(deps: StorageDeps, tx: Tx, s: Store, body: UploadBody): Promise<{ id: string; old: string | null }> {
  const bucket = await checkUpload(tx, s)
  if (body.bytes.length > effectiveSizeLimit(bucket.file_size_limit, deps.globalFileSizeLimit)) {
    throw ERRORS.entityTooLarge()
  }
  if (!mimeAllowed(body.contentType, bucket.allowed_mime_types)) throw ERRORS.invalidMimeType(bareMime(body.contentType))
  const findVersion = async () => {
    const r = await tx.query<{ id: string; version: string | null }>(
      `select id, version from storage.objects where bucket_id = $1 and name = $2`,
      [s.bucket, s.name],
    )
    return r.rows[0] ?? null
  }
  const previous = s.upsert ? await bypassingRls(tx, findVersion) : null
  const version = randomUUID()
  await deps.blobs.put(s.bucket, s.name, version, body.bytes)
  const write: ObjectWrite = {
    id: randomUUID(),
    bucket: s.bucket,
    name: s.name,
    owner: s.owner,
    ownerId: s.ownerId,
    version,
    metadata: objectMetadata(body.bytes, body.contentType, body.cacheControl),
    userMetadata: body.userMetadata,
  }
  try {
    await writeObjectRow(tx, write, s.upsert).catch(duplicateAsKeyExists)
  } catch (err) {
    await deps.blobs.delete(s.bucket, s.name, version)
    throw err
  }
  return { id: previous?.id ?? write.id, old: previous?.version ?? null }
}

/** `POST /object/{bucket}/{path}` (upload, `x-upsert`) and `PUT` (update, always overwrites). */
export async function uploadObject(
  deps: StorageDeps,
  req: LocalRequest,
  caller: Caller,
  bucket: string,
  name: string,
): Promise<LocalResponse> {
  const body = await readUploadBody(req)
  const isUpdate = req.method === 'PUT'
  const store: Store = {
    bucket,
    name,
    upsert: isUpdate || req.headers['x-upsert'] === 'true',
    owner: caller.ownerUuid,
    ownerId: caller.sub,
  }
  const op = isUpdate ? 'storage.object.upload_update' : 'storage.object.upload'
  const { id, old } = await inScope(deps, req, caller, op, (tx) => storeObject(deps, tx, store, body))
  if (old) await deps.blobs.delete(bucket, name, old)
  return json(200, { Id: id, Key: `${bucket}/${name}` })
}

/** `POST /object/upload/sign/{bucket}/{path}`: only for callers who could upload there themselves. */
export async function createSignedUploadUrl(
  deps: StorageDeps,
  req: LocalRequest,
  caller: Caller,
  bucket: string,
  name: string,
): Promise<LocalResponse> {
  const upsert = req.headers['x-upsert'] === 'true'
  const store: Store = { bucket, name, upsert, owner: caller.ownerUuid, ownerId: caller.sub }
  await inScope(deps, req, caller, 'storage.object.sign_upload_url', (tx) => checkUpload(tx, store))
  const token = await signUploadToken(deps.ctx.config, bucket, name, caller.sub, upsert)
  return json(200, { url: `/object/upload/sign/${bucket}/${name}?token=${token}`, token })
}

/** `PUT /object/upload/sign/{bucket}/{path}?token=`: the token stands in for the caller's rights. */
export async function uploadToSignedUrl(
  deps: StorageDeps,
  req: LocalRequest,
  bucket: string,
  name: string,
): Promise<LocalResponse> {
  const claims = await verifyObjectToken(deps.ctx.config, queryParams(req).get('token'), 'upload', bucket, name)
  const body = await readUploadBody(req)
  const ownerId = typeof claims.owner === 'string' ? claims.owner : null
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
  const store: Store = {
    bucket,
    name,
    upsert: claims.upsert === true,
    owner: ownerId && uuid.test(ownerId) ? ownerId : null,
    ownerId,
  }
  const { id, old } = await asSuperuser(deps, 'storage.object.upload_signed', (tx) => storeObject(deps, tx, store, body))
  if (old) await deps.blobs.delete(bucket, name, old)
  return json(200, { Id: id, Key: `${bucket}/${name}` })
}
