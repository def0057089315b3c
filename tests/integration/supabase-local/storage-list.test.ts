import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StandIn } from '../../../supabase/local/server.ts'
import { clientFor } from '../../helpers/supabase.ts'
import { startFixtureStandIn } from '../../helpers/stand-in.ts'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('storage list: prefix, folders, paging, sorting, search', () => {
  let standIn: StandIn
  let anon: SupabaseClient

  beforeAll(async () => {
    standIn = await startFixtureStandIn()
    anon = clientFor(standIn, 'anon')
    // created one after another so created_at orders them c, a, b
    for (const name of ['listing-1/c.jpg', 'listing-1/a.jpg', 'listing-1/b.jpg', 'listing-1/rooms/kitchen.jpg', 'listing-2/x.jpg', 'top.txt']) {
      const { error } = await anon.storage.from('shared').upload(name, `bytes:${name}`, { contentType: 'image/jpeg' })
      if (error) throw error
      await sleep(5)
    }
  })
  afterAll(() => standIn?.stop())

  it('lists the top level with folders first as entries without id or metadata', async () => {
    const { data, error } = await anon.storage.from('shared').list()
    expect(error).toBeNull()
    expect(data!.map((e) => e.name)).toEqual(['listing-1', 'listing-2', 'top.txt'])
    expect(data![0]).toEqual({
      name: 'listing-1',
      id: null,
      updated_at: null,
      created_at: null,
      last_accessed_at: null,
      metadata: null,
    })
    expect(data![2]).toMatchObject({ id: expect.any(String), metadata: { size: 13, mimetype: 'image/jpeg' } })
  })

  it('lists one folder level below a prefix, with names relative to it', async () => {
    const { data } = await anon.storage.from('shared').list('listing-1')
    expect(data!.map((e) => e.name)).toEqual(['rooms', 'a.jpg', 'b.jpg', 'c.jpg'])
    const nested = await anon.storage.from('shared').list('listing-1/rooms/')
    expect(nested.data!.map((e) => e.name)).toEqual(['kitchen.jpg'])
  })

  it('pages with limit and offset over folders and files together', async () => {
    const page1 = await anon.storage.from('shared').list('listing-1', { limit: 2, offset: 0 })
    const page2 = await anon.storage.from('shared').list('listing-1', { limit: 2, offset: 2 })
    expect(page1.data!.map((e) => e.name)).toEqual(['rooms', 'a.jpg'])
    expect(page2.data!.map((e) => e.name)).toEqual(['b.jpg', 'c.jpg'])
  })

  it('sorts files by another column and order', async () => {
    const byName = await anon.storage.from('shared').list('listing-1', { sortBy: { column: 'name', order: 'desc' } })
    expect(byName.data!.map((e) => e.name)).toEqual(['rooms', 'c.jpg', 'b.jpg', 'a.jpg'])
    const byCreated = await anon.storage.from('shared').list('listing-1', { sortBy: { column: 'created_at', order: 'asc' } })
    expect(byCreated.data!.map((e) => e.name)).toEqual(['rooms', 'c.jpg', 'a.jpg', 'b.jpg'])
  })

  it('narrows by search, matching the start of the name', async () => {
    const { data } = await anon.storage.from('shared').list('listing-1', { search: 'b' })
    expect(data!.map((e) => e.name)).toEqual(['b.jpg'])
  })

  it('treats % and _ in a prefix literally', async () => {
    const { data } = await anon.storage.from('shared').list('listing_1')
    expect(data).toEqual([])
  })

  it('returns an empty list for a bucket the caller may not read', async () => {
    const { data, error } = await anon.storage.from('avatars').list()
    expect(error).toBeNull()
    expect(data).toEqual([])
  })

  it('refuses an unknown sort column', async () => {
    const { error } = await anon.storage.from('shared').list('', { sortBy: { column: 'size; drop table x', order: 'asc' } })
    expect(error).toMatchObject({ statusCode: '400' })
  })
})
