import { randomUUID } from 'node:crypto'
import { json, type LocalRequest, type LocalResponse } from '../http.ts'
import { findBucketIgnoringRls, type BucketRow } from './buckets.ts'
import { ERRORS } from './errors.ts'
import { bareMime, effectiveSizeLimit, mimeAllowed } from './limits.ts'
import { checkObjectName, jsonBody } from './names.ts'
import { findObject, OBJECT_COLUMNS, rowJson, writeObjectRow, type ObjectRow } from './object-rows.ts'
import { bypassingRls, inScope, type Caller, type StorageDeps } from './scope.ts'

/** `DELETE /object/{bucket}` with `prefixes`: answers with the rows really deleted (RLS DELETE + SELECT). */
export async function removeObjects(deps: StorageDeps, req: LocalRequest, caller: Caller, bucket: string) {
  const prefixes = jsonBody(req).prefixes
  if (!Array.isArray(prefixes) || prefixes.some((p) => typeof p !== 'string')) {
    throw ERRORS.invalidParameter("body must have required property 'prefixes'")
  }
  if (prefixes.length < 1 || prefixes.length > 1000) {
    throw ERRORS.invalidParameter('body/prefixes must have between 1 and 1000 items')
  }
  const rows = await inScope(deps, req, caller, 'storage.object.delete_many', async (tx) => {
    const r = await tx.query<ObjectRow>(
      `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`,
      [bucket, prefixes],
    )
    return r.rows
  })
  for (const o of rows) await deps.blobs.delete(o.bucket_id, o.name, o.version ?? '')
  return json(200, rows.map(rowJson))
}

/** `DELETE /object/{bucket}/{path}`: one object. */
export async function deleteObject(deps: StorageDeps, req: LocalRequest, caller: Caller, bucket: string, name: string) {
  const rows = await inScope(deps, req, caller, 'storage.object.delete', async (tx) => {
    const r = await tx.query<ObjectRow>(
      `delete from storage.objects where bucket_id = $1 and name = $2 returning ${OBJECT_COLUMNS}`,
      [bucket, name],
    )
    return r.rows
  })
  if (rows.length === 0) throw ERRORS.noSuchKey()
  for (const o of rows) await deps.blobs.delete(o.bucket_id, o.name, o.version ?? '')
  return json(200, { message: 'Successfully deleted' })
}

interface Transfer {
  bucket: string
  source: string
  destBucket: string
  dest: string
}

function transferOf(req: LocalRequest): Transfer {
  const body = jsonBody(req)
  for (const key of ['bucketId', 'sourceKey', 'destinationKey']) {
    if (typeof body[key] !== 'string' || !body[key]) throw ERRORS.missingParameter(key)
  }
  const bucket = body.bucketId as string
  const destBucket = typeof body.destinationBucket === 'string' && body.destinationBucket ? body.destinationBucket : bucket
  return { bucket, source: body.sourceKey as string, destBucket, dest: checkObjectName(body.destinationKey as string) }
}

/**
 * The destination bucket's own rules (`file_size_limit`, `allowed_mime_types`), applied to the bytes
 * and type the new object will have, exactly as an upload into that bucket would be judged (size
 * first, then type; same errors). Supabase Storage's REST copy/move ask only the destination's RLS
 * (`src/storage/object.ts` copyObject → `uploader.canUpload`, moveObject → `testPermission`), so a
 * file refused on upload could be copied in; the stand-in closes that (docs/supabase-local.md).
 */
function checkDestinationRules(deps: StorageDeps, bucket: BucketRow, bytes: Buffer, mimetype: string) {
  if (bytes.length > effectiveSizeLimit(bucket.file_size_limit, deps.globalFileSizeLimit)) throw ERRORS.entityTooLarge()
  if (!mimeAllowed(mimetype, bucket.allowed_mime_types)) throw ERRORS.invalidMimeType(bareMime(mimetype))
}

/** The type the source was stored with (what the copy will be served as). */
function storedMime(from: ObjectRow): string {
  const m = from.metadata?.mimetype
  return typeof m === 'string' && m ? m : 'application/octet-stream'
}

async function copyBytes(deps: StorageDeps, from: ObjectRow, t: Transfer, version: string, destination: BucketRow) {
  const bytes = await deps.blobs.get(from.bucket_id, from.name, from.version ?? '')
  if (!bytes) throw ERRORS.noSuchKey()
  checkDestinationRules(deps, destination, bytes, storedMime(from))
  await deps.blobs.put(t.destBucket, t.dest, version, bytes)
}

/**
 * `POST /object/move`: an UPDATE of the row under the caller's role, so the UPDATE policy must
 * allow both the old and the new name (the platform asks for SELECT and UPDATE).
 */
export async function moveObject(deps: StorageDeps, req: LocalRequest, caller: Caller): Promise<LocalResponse> {
  const t = transferOf(req)
  const version = randomUUID()
  const source = await inScope(deps, req, caller, 'storage.object.move', async (tx) => {
    const destination = await findBucketIgnoringRls(tx, t.destBucket)
    const from = await findObject(tx, t.bucket, t.source)
    await copyBytes(deps, from, t, version, destination)
    try {
      const r = await tx.query(
        `update storage.objects set bucket_id = $3, name = $4, version = $5, updated_at = now(), last_accessed_at = now()
          where bucket_id = $1 and name = $2`,
        [t.bucket, t.source, t.destBucket, t.dest, version],
      )
      if (!r.affectedRows) throw ERRORS.noSuchKey()
    } catch (err) {
      await deps.blobs.delete(t.destBucket, t.dest, version)
      if ((err as { code?: string }).code === '23505') throw ERRORS.keyAlreadyExists()
      throw err
    }
    return from
  })
  await deps.blobs.delete(source.bucket_id, source.name, source.version ?? '')
  return json(200, { message: 'Successfully moved' })
}

/** `POST /object/copy`: SELECT on the source, INSERT (UPDATE too with x-upsert) on the destination. */
export async function copyObject(deps: StorageDeps, req: LocalRequest, caller: Caller): Promise<LocalResponse> {
  const t = transferOf(req)
  const body = jsonBody(req)
  const upsert = req.headers['x-upsert'] === 'true'
  const version = randomUUID()
  const { id, old } = await inScope(deps, req, caller, 'storage.object.copy', async (tx) => {
    const destination = await findBucketIgnoringRls(tx, t.destBucket)
    const from = await findObject(tx, t.bucket, t.source)
    const previous = upsert
      ? await bypassingRls(tx, async () => {
          const r = await tx.query<{ id: string; version: string | null }>(
            `select id, version from storage.objects where bucket_id = $1 and name = $2`,
            [t.destBucket, t.dest],
          )
          return r.rows[0] ?? null
        })
      : null
    await copyBytes(deps, from, t, version, destination)
    const newId = randomUUID()
    const userMetadata =
      body.copyMetadata === false
        ? ((body.metadata as Record<string, unknown> | undefined) ?? null)
        : (from.user_metadata ?? null)
    try {
      await writeObjectRow(
        tx,
        {
          id: newId,
          bucket: t.destBucket,
          name: t.dest,
          owner: caller.ownerUuid,
          ownerId: caller.sub,
          version,
          metadata: { ...(from.metadata ?? {}), lastModified: new Date().toUTCString() },
          userMetadata,
        },
        upsert,
      )
    } catch (err) {
      await deps.blobs.delete(t.destBucket, t.dest, version)
      if ((err as { code?: string }).code === '23505') throw ERRORS.keyAlreadyExists()
      throw err
    }
    return { id: previous?.id ?? newId, old: previous?.version ?? null }
  })
  if (old) await deps.blobs.delete(t.destBucket, t.dest, old)
  return json(200, { Id: id, Key: `${t.destBucket}/${t.dest}` })
}
