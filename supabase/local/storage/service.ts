import type { LocalRequest, LocalResponse, Service, StandInContext } from '../http.ts'
import { createBlobStore } from './blobs.ts'
import { handleBucketRoute } from './buckets.ts'
import { ERRORS, fromPgError } from './errors.ts'
import { GLOBAL_FILE_SIZE_LIMIT } from './limits.ts'
import { listObjects } from './list.ts'
import { listObjectsV2 } from './list-v2.ts'
import { decodeSegments, splitBucketPath } from './names.ts'
import {
  createSignedUrl,
  createSignedUrls,
  downloadAuthenticated,
  downloadPublic,
  downloadSigned,
  objectInfo,
} from './read.ts'
import { callerOf, type StorageDeps } from './scope.ts'
import { renderAuthenticated, renderPublic, renderSigned } from './transform.ts'
import { createSignedUploadUrl, uploadObject, uploadToSignedUrl } from './upload.ts'
import { copyObject, deleteObject, moveObject, removeObjects } from './write.ts'

const READ = new Set(['GET', 'HEAD'])

/** Routes that carry their own permission (a token or a public bucket) and ignore the caller. */
async function routeWithoutCaller(deps: StorageDeps, req: LocalRequest, p: string): Promise<LocalResponse | null> {
  const m = req.method
  let match: RegExpExecArray | null
  if ((match = /^\/object\/public\/(.+)$/.exec(p)) && READ.has(m)) {
    const { bucket, name } = splitBucketPath(match[1])
    return downloadPublic(deps, req, bucket, name)
  }
  if ((match = /^\/object\/info\/public\/(.+)$/.exec(p)) && READ.has(m)) {
    const { bucket, name } = splitBucketPath(match[1])
    return objectInfo(deps, req, null, bucket, name)
  }
  if ((match = /^\/object\/sign\/([^/]+)\/(.+)$/.exec(p)) && READ.has(m)) {
    const { bucket, name } = splitBucketPath(`${match[1]}/${match[2]}`)
    return downloadSigned(deps, req, bucket, name)
  }
  if ((match = /^\/render\/image\/public\/(.+)$/.exec(p)) && READ.has(m)) {
    const { bucket, name } = splitBucketPath(match[1])
    return renderPublic(deps, req, bucket, name)
  }
  if ((match = /^\/render\/image\/sign\/([^/]+)\/(.+)$/.exec(p)) && READ.has(m)) {
    const { bucket, name } = splitBucketPath(`${match[1]}/${match[2]}`)
    return renderSigned(deps, req, bucket, name)
  }
  if ((match = /^\/object\/upload\/sign\/([^/]+)\/(.+)$/.exec(p)) && m === 'PUT') {
    const { bucket, name } = splitBucketPath(`${match[1]}/${match[2]}`)
    return uploadToSignedUrl(deps, req, bucket, name)
  }
  return null
}

async function route(deps: StorageDeps, req: LocalRequest): Promise<LocalResponse> {
  const p = req.path
  const m = req.method
  const open = await routeWithoutCaller(deps, req, p)
  if (open) return open

  // reading an object or its info is Storage's allowInvalidJwt pair of routes: no key there is anon
  const readsObject = READ.has(m) && /^\/object\/(?!list\/|sign\/|upload\/|move$|copy$)[^/]+\/.+$/.test(p)
  const caller = await callerOf(deps, req, { allowMissing: readsObject })
  if (p === '/bucket' || p.startsWith('/bucket/')) return handleBucketRoute(deps, req, caller, p.slice('/bucket'.length))
  let match: RegExpExecArray | null
  if ((match = /^\/object\/list\/([^/]+)\/?$/.exec(p)) && m === 'POST') {
    return listObjects(deps, req, caller, decodeSegments(match[1])[0])
  }
  if ((match = /^\/object\/list-v2\/([^/]+)\/?$/.exec(p)) && m === 'POST') {
    return listObjectsV2(deps, req, caller, decodeSegments(match[1])[0])
  }
  if (p === '/object/move' && m === 'POST') return moveObject(deps, req, caller)
  if (p === '/object/copy' && m === 'POST') return copyObject(deps, req, caller)
  if ((match = /^\/object\/sign\/([^/]+)\/?$/.exec(p)) && m === 'POST') {
    return createSignedUrls(deps, req, caller, decodeSegments(match[1])[0])
  }
  if ((match = /^\/object\/sign\/(.+)$/.exec(p)) && m === 'POST') {
    const { bucket, name } = splitBucketPath(match[1])
    return createSignedUrl(deps, req, caller, bucket, name)
  }
  if ((match = /^\/object\/upload\/sign\/(.+)$/.exec(p)) && m === 'POST') {
    const { bucket, name } = splitBucketPath(match[1])
    return createSignedUploadUrl(deps, req, caller, bucket, name)
  }
  if ((match = /^\/object\/info\/(?:authenticated\/)?(.+)$/.exec(p)) && READ.has(m)) {
    const { bucket, name } = splitBucketPath(match[1])
    return objectInfo(deps, req, caller, bucket, name)
  }
  if ((match = /^\/object\/authenticated\/(.+)$/.exec(p)) && READ.has(m)) {
    const { bucket, name } = splitBucketPath(match[1])
    return downloadAuthenticated(deps, req, caller, bucket, name)
  }
  if ((match = /^\/object\/([^/]+)\/?$/.exec(p)) && m === 'DELETE') {
    return removeObjects(deps, req, caller, decodeSegments(match[1])[0])
  }
  if ((match = /^\/object\/([^/]+)\/(.+)$/.exec(p))) {
    const { bucket, name } = splitBucketPath(`${match[1]}/${match[2]}`)
    if (READ.has(m)) return downloadAuthenticated(deps, req, caller, bucket, name)
    if (m === 'POST' || m === 'PUT') return uploadObject(deps, req, caller, bucket, name)
    if (m === 'DELETE') return deleteObject(deps, req, caller, bucket, name)
  }
  if ((match = /^\/render\/image\/authenticated\/(.+)$/.exec(p)) && READ.has(m)) {
    const { bucket, name } = splitBucketPath(match[1])
    return renderAuthenticated(deps, req, caller, bucket, name)
  }
  throw ERRORS.routeNotFound(m, p)
}

/** The Supabase Storage API (`/storage/v1`) over the stand-in's database and a blob store. */
export async function createStorageService(ctx: StandInContext): Promise<Service> {
  const deps: StorageDeps = {
    ctx,
    blobs: createBlobStore(ctx.config.dataDir),
    globalFileSizeLimit: GLOBAL_FILE_SIZE_LIMIT,
  }
  return {
    prefix: '/storage/v1',
    async handle(req) {
      try {
        return await route(deps, req)
      } catch (err) {
        const failure = fromPgError(err)
        if (failure.httpStatusCode === 500) ctx.log('storage error', req.method, req.path, err)
        return failure.render()
      }
    },
  }
}
