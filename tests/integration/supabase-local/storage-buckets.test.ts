import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StandIn } from '../../../supabase/local/server.ts'
import { clientFor, signedInClient } from '../../helpers/supabase.ts'
import { startFixtureStandIn } from '../../helpers/stand-in.ts'

describe('storage buckets', () => {
  let standIn: StandIn
  let service: SupabaseClient
  let anon: SupabaseClient
  let alice: { client: SupabaseClient; id: string }
  let bob: { client: SupabaseClient; id: string }

  beforeAll(async () => {
    standIn = await startFixtureStandIn()
    service = clientFor(standIn, 'service_role')
    anon = clientFor(standIn, 'anon')
    const a = await signedInClient(standIn)
    const b = await signedInClient(standIn)
    alice = { client: a.client, id: a.user.id }
    bob = { client: b.client, id: b.user.id }
  })
  afterAll(() => standIn?.stop())

  it('creates a bucket with its public flag, size limit and MIME types, and reads it back', async () => {
    const created = await service.storage.createBucket('videos', {
      public: true,
      fileSizeLimit: '2MB',
      allowedMimeTypes: ['video/mp4', 'image/*'],
    })
    expect(created).toEqual({ data: { name: 'videos' }, error: null })
    const { data, error } = await service.storage.getBucket('videos')
    expect(error).toBeNull()
    // Storage's eight fields, exactly (the storage-js suite's snapshot of getBucket)
    expect(data).toEqual({
      id: 'videos',
      name: 'videos',
      owner: expect.any(String),
      public: true,
      file_size_limit: 2_000_000,
      allowed_mime_types: ['video/mp4', 'image/*'],
      created_at: expect.any(String),
      updated_at: expect.any(String),
    })
    const listed = await service.storage.listBuckets()
    expect(listed.data?.find((b) => b.id === 'videos')).toMatchObject({ type: 'STANDARD' })
  })

  it('refuses a bucket id that exists already', async () => {
    const { error } = await service.storage.createBucket('videos')
    expect(error).toMatchObject({ message: 'The resource already exists', statusCode: '409', code: 'BucketAlreadyExists' })
  })

  it('refuses invalid bucket names and size formats', async () => {
    const name = await service.storage.createBucket('bad/name')
    expect(name.error).toMatchObject({ statusCode: '400', code: 'InvalidBucketName', message: 'Bucket name invalid' })
    const size = await service.storage.createBucket('odd-size', { public: false, fileSizeLimit: 'ten megs' })
    expect(size.error?.message).toMatch(/Invalid file size format/)
  })

  it('lists buckets with sorting, search and paging', async () => {
    const all = await service.storage.listBuckets()
    expect(all.data!.map((b) => b.id)).toEqual(['avatars', 'catalog', 'photos', 'public-media', 'shared', 'videos'])
    const desc = await service.storage.listBuckets({ sortColumn: 'id', sortOrder: 'desc', limit: 2 })
    expect(desc.data!.map((b) => b.id)).toEqual(['videos', 'shared'])
    const paged = await service.storage.listBuckets({ sortColumn: 'id', limit: 2, offset: 2 })
    expect(paged.data!.map((b) => b.id)).toEqual(['photos', 'public-media'])
    const search = await service.storage.listBuckets({ search: 'PHO' })
    expect(search.data!.map((b) => b.id)).toEqual(['photos'])
  })

  it('shows anonymous callers only the buckets the bucket policies let them see', async () => {
    const { data } = await anon.storage.listBuckets()
    expect(data!.map((b) => b.id)).toEqual(['public-media', 'videos'])
    const hidden = await anon.storage.getBucket('avatars')
    expect(hidden.error).toMatchObject({ message: 'Bucket not found', statusCode: '404', code: 'NoSuchBucket' })
  })

  it('updates the public flag and limits', async () => {
    const updated = await service.storage.updateBucket('videos', { public: false, fileSizeLimit: 500, allowedMimeTypes: ['video/*'] })
    expect(updated).toEqual({ data: { message: 'Successfully updated' }, error: null })
    const { data } = await service.storage.getBucket('videos')
    expect(data).toMatchObject({ public: false, file_size_limit: 500, allowed_mime_types: ['video/*'] })
    const missing = await service.storage.updateBucket('nope', { public: true })
    expect(missing.error?.message).toBe('Bucket not found')
  })

  it('sends bucket writes through the storage.buckets policies', async () => {
    const anonCreate = await anon.storage.createBucket('anon-bucket')
    expect(anonCreate.error).toMatchObject({ statusCode: '403', code: 'AccessDenied' })

    const mine = await alice.client.storage.createBucket(`alice-${alice.id.slice(0, 8)}`)
    expect(mine.error).toBeNull()
    const id = mine.data!.name
    const got = await alice.client.storage.getBucket(id)
    expect(got.data).toMatchObject({ id, owner: alice.id, public: false })

    const bobSees = await bob.client.storage.getBucket(id)
    expect(bobSees.error?.message).toBe('Bucket not found')
    const bobUpdates = await bob.client.storage.updateBucket(id, { public: true })
    expect(bobUpdates.error?.message).toBe('Bucket not found')
    const bobDeletes = await bob.client.storage.deleteBucket(id)
    expect(bobDeletes.error?.message).toBe('Bucket not found')

    const aliceUpdates = await alice.client.storage.updateBucket(id, { public: true })
    expect(aliceUpdates.error).toBeNull()
    const aliceDeletes = await alice.client.storage.deleteBucket(id)
    expect(aliceDeletes).toEqual({ data: { message: 'Successfully deleted' }, error: null })
  })

  it('refuses to delete a bucket that still holds objects, and deletes it once emptied', async () => {
    await service.storage.createBucket('scratch')
    for (const f of ['a.txt', 'dir/b.txt']) {
      const { error } = await service.storage.from('scratch').upload(f, f)
      expect(error).toBeNull()
    }
    const refused = await service.storage.deleteBucket('scratch')
    expect(refused.error).toMatchObject({
      message: 'The bucket you tried to delete is not empty',
      statusCode: '409',
      code: 'ResourceNotEmpty',
    })
    const emptied = await service.storage.emptyBucket('scratch')
    expect(emptied).toEqual({ data: { message: 'Empty bucket has been queued. Completion may take up to an hour.' }, error: null })
    expect((await service.storage.from('scratch').list()).data).toEqual([])
    const deleted = await service.storage.deleteBucket('scratch')
    expect(deleted.error).toBeNull()
    expect((await service.storage.getBucket('scratch')).error?.message).toBe('Bucket not found')

    // a new bucket of the same name starts without the old bytes
    await service.storage.createBucket('scratch')
    expect((await service.storage.from('scratch').exists('a.txt')).data).toBe(false)
  })

  it('reports a missing bucket on get, empty and delete', async () => {
    for (const r of [
      await service.storage.getBucket('ghost'),
      await service.storage.emptyBucket('ghost'),
      await service.storage.deleteBucket('ghost'),
    ]) {
      expect(r.error).toMatchObject({ message: 'Bucket not found', code: 'NoSuchBucket' })
    }
  })
})
