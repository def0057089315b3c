import { describe, expect, it } from 'vitest'
import { MemoryBlobStore, safeSegment } from '../../../supabase/local/storage/blobs.ts'
import { ERRORS, fromPgError } from '../../../supabase/local/storage/errors.ts'
import { checkBucketName, checkObjectName, splitBucketPath } from '../../../supabase/local/storage/names.ts'

describe('object and bucket names', () => {
  it('splits a route path into bucket and percent-decoded object name', () => {
    expect(splitBucketPath('avatars/u1/my%20face.png')).toEqual({ bucket: 'avatars', name: 'u1/my face.png' })
    expect(splitBucketPath('b/a/b/c')).toEqual({ bucket: 'b', name: 'a/b/c' })
  })

  it('refuses malformed percent-encoding as an invalid key', () => {
    expect(() => splitBucketPath('b/%E0%A4%A')).toThrow(/Invalid key/)
  })

  it("accepts the platform's key characters and refuses the rest", () => {
    expect(checkObjectName("dir/file (1) & co's +x=1;y:2,z?.png")).toBeTruthy()
    expect(() => checkObjectName('')).toThrow(/Invalid key/)
    expect(() => checkObjectName('café.png')).toThrow(/Invalid key/)
    expect(() => checkObjectName('tab\there')).toThrow(/Invalid key/)
  })

  it('refuses bucket names with slashes, surrounding spaces or over 100 characters', () => {
    expect(checkBucketName('listing-photos')).toBe('listing-photos')
    for (const bad of ['a/b', ' padded', '', 'x'.repeat(101), 42]) {
      expect(() => checkBucketName(bad)).toThrow(/Bucket name invalid/)
    }
  })
})

describe('blob storage paths', () => {
  it('turns dot-only and empty segments into names that cannot leave the bucket folder', () => {
    expect(safeSegment('..')).toBe('%2E%2E')
    expect(safeSegment('.')).toBe('%2E')
    expect(safeSegment('')).toBe('%')
    expect(safeSegment('a b')).toBe('a%20b')
    expect(safeSegment('.hidden')).toBe('.hidden')
  })

  it('keeps each version separately in memory and drops a whole bucket', async () => {
    const store = new MemoryBlobStore()
    await store.put('b', 'a.txt', 'v1', Buffer.from('one'))
    await store.put('b', 'a.txt', 'v2', Buffer.from('two'))
    await store.put('other', 'a.txt', 'v1', Buffer.from('keep'))
    expect((await store.get('b', 'a.txt', 'v1'))?.toString()).toBe('one')
    await store.delete('b', 'a.txt', 'v1')
    expect(await store.get('b', 'a.txt', 'v1')).toBeNull()
    await store.deleteBucket('b')
    expect(await store.get('b', 'a.txt', 'v2')).toBeNull()
    expect((await store.get('other', 'a.txt', 'v1'))?.toString()).toBe('keep')
  })
})

describe('storage error bodies', () => {
  it('sends HTTP 400 with the real status as a string, as supabase/storage does', () => {
    expect(ERRORS.noSuchKey().render()).toEqual({
      status: 400,
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: { statusCode: '404', code: 'NoSuchKey', error: 'not_found', message: 'Object not found' },
    })
  })

  it('maps Postgres errors raised under the caller role', () => {
    expect(fromPgError({ code: '42501', message: 'new row violates row-level security policy for table "objects"' })).toMatchObject({
      code: 'AccessDenied',
      httpStatusCode: 403,
      message: 'new row violates row-level security policy',
    })
    expect(fromPgError({ code: '23505' })).toMatchObject({ code: 'ResourceAlreadyExists', httpStatusCode: 409 })
    expect(fromPgError(new Error('boom')).render().status).toBe(500)
  })
})
