import type { LocalResponse } from '../http.ts'

/**
 * A storage API failure rendered the way supabase/storage does: the body carries the "real" status
 * as a string in `statusCode`, while the HTTP status is 400 for everything but 500s. storage-js
 * builds its StorageApiError from exactly these fields.
 */
export class StorageFailure extends Error {
  constructor(
    readonly code: string,
    readonly httpStatusCode: number,
    message: string,
    readonly error?: string,
  ) {
    super(message)
  }

  render(): LocalResponse {
    return {
      status: this.httpStatusCode === 500 ? 500 : 400,
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: {
        statusCode: String(this.httpStatusCode),
        code: this.code,
        error: this.error ?? this.code,
        message: this.message,
      },
    }
  }
}

export const ERRORS = {
  noSuchBucket: () => new StorageFailure('NoSuchBucket', 404, 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageFailure('NoSuchKey', 404, 'Object not found', 'not_found'),
  accessDenied: (message = 'Access denied') => new StorageFailure('AccessDenied', 403, message, 'Unauthorized'),
  keyAlreadyExists: () => new StorageFailure('KeyAlreadyExists', 409, 'The resource already exists', 'Duplicate'),
  bucketAlreadyExists: () => new StorageFailure('BucketAlreadyExists', 409, 'The resource already exists', 'Duplicate'),
  resourceAlreadyExists: () =>
    new StorageFailure('ResourceAlreadyExists', 409, 'The resource already exists', 'Duplicate'),
  bucketNotEmpty: () => new StorageFailure('ResourceNotEmpty', 409, 'The bucket you tried to delete is not empty'),
  entityTooLarge: () =>
    new StorageFailure('EntityTooLarge', 413, 'The object exceeded the maximum allowed size', 'Payload too large'),
  invalidMimeType: (mime: string) =>
    new StorageFailure('InvalidMimeType', 415, `mime type ${mime} is not supported`, 'invalid_mime_type'),
  // Storage's JWT plugin verifying an empty token (src/http/plugins/jwt.ts): jose's message, AccessDenied
  noKey: () => new StorageFailure('AccessDenied', 403, 'Invalid Compact JWS'),
  invalidJwt: (message = 'Invalid JWT') => new StorageFailure('InvalidJWT', 400, message),
  invalidSignature: () => new StorageFailure('InvalidSignature', 400, 'Invalid signature'),
  invalidKey: (key: string) => new StorageFailure('InvalidKey', 400, `Invalid key: ${key}`),
  invalidBucketName: () => new StorageFailure('InvalidBucketName', 400, 'Bucket name invalid', 'Invalid Input'),
  invalidFileSizeLimit: () =>
    new StorageFailure('InvalidRequest', 400, 'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B'),
  invalidParameter: (message: string) => new StorageFailure('InvalidParameter', 400, message),
  missingParameter: (name: string) => new StorageFailure('MissingParameter', 400, `Missing Required Parameter ${name}`),
  invalidRange: () => new StorageFailure('InvalidRange', 400, 'invalid range provided', 'invalid_range'),
  noContent: () => new StorageFailure('InvalidRequest', 400, 'No content provided'),
  routeNotFound: (method: string, path: string) =>
    new StorageFailure('InvalidRequest', 404, `Route ${method}:${path} not found`, 'Not Found'),
}

/** Postgres errors raised under the caller's role, mapped as storage's DBError does. */
export function fromPgError(err: unknown): StorageFailure {
  if (err instanceof StorageFailure) return err
  const e = err as { code?: string; message?: string }
  switch (e.code) {
    case '42501':
      return ERRORS.accessDenied('new row violates row-level security policy')
    case '23505':
      return ERRORS.resourceAlreadyExists()
    case '23503':
      return new StorageFailure('InvalidRequest', 404, 'The related resource does not exist')
    case '22P02':
    case '22023':
      return new StorageFailure('InvalidRequest', 400, e.message ?? 'invalid input')
    default:
      return new StorageFailure('DatabaseError', 500, e.message ?? 'Internal server error')
  }
}
