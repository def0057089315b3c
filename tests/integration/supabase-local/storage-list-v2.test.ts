import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StandIn } from '../../../supabase/local/server.ts'
import { startFixtureStandIn } from '../../helpers/stand-in.ts'
import { clientFor } from '../../helpers/supabase.ts'

// storage-js listV2 (POST /object/list-v2/{bucket}) against Storage's own behaviour
// (src/storage/object.ts listObjectsV2, migration 0050's list_objects_with_delimiter).

const KEYS = ['a.txt', 'docs/one.txt', 'docs/two.txt', 'docs/deep/three.txt', 'docs0.txt', 'photos/x.jpg', 'z.txt']

describe('storage list-v2', () => {
  let standIn: StandIn
  let service: SupabaseClient
  beforeAll(async () => {
    standIn = await startFixtureStandIn()
    service = clientFor(standIn, 'service_role')
    await service.storage.createBucket('listing', { public: false })
    for (const key of KEYS) {
      const { error } = await service.storage.from('listing').upload(key, new Blob([key], { type: 'text/plain' }))
      if (error) throw error
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
  })
  afterAll(() => standIn?.stop())

  it('lists every key in byte order, flat, with hasNext false', async () => {
    const { data, error } = await service.storage.from('listing').listV2()
    expect(error).toBeNull()
    expect(data?.hasNext).toBe(false)
    expect(data?.nextCursor).toBeUndefined()
    expect(data?.folders).toEqual([])
    expect(data?.objects.map((o) => o.name)).toEqual([...KEYS].sort())
    expect(data?.objects[0]).toMatchObject({ id: expect.any(String), metadata: expect.objectContaining({ size: 5, mimetype: 'text/plain' }) })
  })

  it('groups keys below the prefix into folders with with_delimiter (the prefix is a string start)', async () => {
    const root = await service.storage.from('listing').listV2({ with_delimiter: true })
    expect(root.data?.folders.map((f) => f.name)).toEqual(['docs/', 'photos/'])
    expect(root.data?.objects.map((o) => o.name)).toEqual(['a.txt', 'docs0.txt', 'z.txt'])
    expect(root.data?.folders[0]).toMatchObject({ id: null })
    const docs = await service.storage.from('listing').listV2({ prefix: 'docs/', with_delimiter: true })
    expect(docs.data?.folders.map((f) => f.name)).toEqual(['docs/deep/'])
    expect(docs.data?.objects.map((o) => o.name)).toEqual(['docs/one.txt', 'docs/two.txt'])
    const start = await service.storage.from('listing').listV2({ prefix: 'doc' })
    expect(start.data?.objects.map((o) => o.name)).toEqual(['docs/deep/three.txt', 'docs/one.txt', 'docs/two.txt', 'docs0.txt'])
  })

  it('pages with limit and the cursor, folders counted as entries, in both orders', async () => {
    for (const order of ['asc', 'desc'] as const) {
      const seen: string[] = []
      let cursor: string | undefined
      for (let page = 0; page < 10; page++) {
        const { data, error } = await service.storage.from('listing').listV2({ with_delimiter: true, limit: 2, cursor, sortBy: { column: 'name', order } })
        expect(error).toBeNull()
        seen.push(...data!.folders.map((f) => f.name), ...data!.objects.map((o) => o.name))
        if (!data!.hasNext) break
        expect(data!.nextCursor).toEqual(expect.any(String))
        cursor = data!.nextCursor
      }
      const entries = ['a.txt', 'docs/', 'docs0.txt', 'photos/', 'z.txt']
      expect(seen.sort(), order).toEqual(entries)
    }
    const desc = await service.storage.from('listing').listV2({ with_delimiter: true, sortBy: { column: 'name', order: 'desc' } })
    expect([...desc.data!.folders, ...desc.data!.objects].map((e) => e.name).sort().reverse()).toEqual(['z.txt', 'photos/', 'docs0.txt', 'docs/', 'a.txt'])
  })

  it('orders a flat listing by created_at across pages, newest first', async () => {
    const seen: string[] = []
    let cursor: string | undefined
    for (let page = 0; page < 10; page++) {
      const { data } = await service.storage.from('listing').listV2({ limit: 3, cursor, sortBy: { column: 'created_at', order: 'desc' } })
      seen.push(...data!.objects.map((o) => o.name))
      if (!data!.hasNext) break
      cursor = data!.nextCursor
    }
    expect(seen).toEqual([...KEYS].reverse())
  })

  it('orders a delimited listing by created_at (folders dated by their first key, sorted among the files), across pages; entries carry key', async () => {
    // creation order: a.txt, docs/ (first key docs/one.txt), docs0.txt, photos/, z.txt
    const expected = ['a.txt', 'docs', 'docs0.txt', 'photos', 'z.txt']
    for (const order of ['asc', 'desc'] as const) {
      const seen: string[] = []
      let cursor: string | undefined
      for (let page = 0; page < 10; page++) {
        const { data, error } = await service.storage.from('listing').listV2({ with_delimiter: true, limit: 2, cursor, sortBy: { column: 'created_at', order } })
        expect(error).toBeNull()
        // storage-js types folders without dates; Storage's search_v2 sends them
        const entries = ([...data!.folders, ...data!.objects] as { key?: string; created_at?: string }[]).sort(
          (x, y) => (x.created_at! < y.created_at! ? -1 : 1) * (order === 'asc' ? 1 : -1),
        )
        seen.push(...entries.map((e) => e.key ?? ''))
        if (!data!.hasNext) break
        cursor = data!.nextCursor
      }
      expect(seen, order).toEqual(order === 'asc' ? expected : [...expected].reverse())
    }
    const docs = await service.storage.from('listing').listV2({ prefix: 'docs/', with_delimiter: true })
    expect(docs.data?.folders).toEqual([expect.objectContaining({ key: 'deep', name: 'docs/deep/', id: null, created_at: expect.any(String) })])
    expect(docs.data?.objects.map((o) => (o as { key?: string }).key)).toEqual(['one.txt', 'two.txt'])
  })

  it('applies RLS (anon reads nothing here) and refuses bad input as Storage does', async () => {
    const anon = await clientFor(standIn).storage.from('listing').listV2()
    expect(anon.data).toMatchObject({ hasNext: false, folders: [], objects: [] })
    const badLimit = await service.storage.from('listing').listV2({ limit: 0 })
    expect(badLimit.error?.message).toBe('body/limit must be >= 1')
    const badCursor = await service.storage.from('listing').listV2({ cursor: Buffer.from('nonsense').toString('base64') })
    expect(badCursor.error?.message).toMatch(/continuation token/)
  })
})
