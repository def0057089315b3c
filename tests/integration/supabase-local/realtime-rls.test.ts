import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { signJwt } from '../../../supabase/local/jwt.ts'
import { clientFor, signedInClient } from '../../helpers/supabase.ts'
import { listen, until, settle, realtimeStandInForFile } from '../../helpers/realtime.ts'

const fixture = realtimeStandInForFile()
const { clientWithToken } = fixture

/** A user row plus a token for it (auth/v1 is built elsewhere; these tests need only the claims). */
async function newUser(): Promise<{ id: string; token: string }> {
  const id = randomUUID()
  await fixture.standIn.db.query(`insert into auth.users (id, aud, role, email) values ($1, 'authenticated', 'authenticated', $2)`, [
    id,
    `${id}@example.test`,
  ])
  const token = await signJwt(fixture.standIn.config, {
    sub: id,
    role: 'authenticated',
    aud: 'authenticated',
    exp: Math.floor(Date.now() / 1000) + 3600,
  })
  return { id, token }
}

describe('row level security per subscriber', () => {
  it('delivers a row to its owner and not to another user or to anon', async () => {
    const alice = await newUser()
    const bob = await newUser()
    const aliceSees = await listen(await clientWithToken(alice.token), [{ event: '*', table: 'rt_notes' }])
    const bobSees = await listen(await clientWithToken(bob.token), [{ event: '*', table: 'rt_notes' }])
    const anonSees = await listen(await clientWithToken(), [{ event: '*', table: 'rt_notes' }])

    await fixture.standIn.db.query(`insert into rt_notes (owner_id, body) values ($1, 'alice private')`, [alice.id])
    await fixture.standIn.db.query(`insert into rt_notes (owner_id, body) values ($1, 'bob private')`, [bob.id])
    await until(() => aliceSees.changes.length === 1 && bobSees.changes.length === 1)
    await settle()
    expect(aliceSees.changes.map((c) => (c.new as { body: string }).body)).toEqual(['alice private'])
    expect(bobSees.changes.map((c) => (c.new as { body: string }).body)).toEqual(['bob private'])
    expect(anonSees.changes).toEqual([])
  })

  it('follows the session of a user signed in through auth/v1', async () => {
    const { client, user } = await signedInClient(fixture.standIn)
    fixture.track(client)
    const other = await newUser()
    const { changes } = await listen(client, [{ event: 'INSERT', table: 'rt_notes' }])
    await fixture.standIn.db.query(`insert into rt_notes (owner_id, body) values ($1, 'not mine')`, [other.id])
    await fixture.standIn.db.query(`insert into rt_notes (owner_id, body) values ($1, 'mine')`, [user.id])
    await until(() => changes.length >= 1)
    await settle()
    expect(changes.map((c) => (c.new as { body: string }).body)).toEqual(['mine'])
  })

  it('captures writes made through rest/v1 under the writer’s own role', async () => {
    const frank = await newUser()
    const grete = await newUser()
    const writer = clientFor(fixture.standIn, 'anon', { accessToken: async () => frank.token })
    fixture.track(writer)
    // realtime-js builds the first join before the accessToken callback resolves; let it resolve first
    await writer.realtime.setAuth()
    const frankSees = await listen(writer, [{ event: '*', table: 'rt_notes' }])
    const greteSees = await listen(await clientWithToken(grete.token), [{ event: '*', table: 'rt_notes' }])
    const { data, error } = await writer.from('rt_notes').insert({ owner_id: frank.id, body: 'via rest' }).select().single()
    expect(error).toBeNull()
    expect((await writer.from('rt_notes').update({ pinned: true }).eq('id', data!.id)).error).toBeNull()
    await until(() => frankSees.changes.length === 2)
    expect(frankSees.changes.map((c) => [c.eventType, (c.new as { pinned: boolean }).pinned])).toEqual([
      ['INSERT', false],
      ['UPDATE', true],
    ])
    await settle()
    expect(greteSees.changes).toEqual([])
  })

  it('lets an anonymous user follow updates to their row by uuid filter while the service role writes', async () => {
    const visitor = clientFor(fixture.standIn, 'anon')
    fixture.track(visitor)
    const { data, error } = await visitor.auth.signInAnonymously()
    expect(error).toBeNull()
    const uid = data.user!.id
    const stranger = await newUser()
    const service = clientFor(fixture.standIn, 'service_role')
    const mine = await service.from('rt_notes').insert({ owner_id: uid, body: 'rendering' }).select().single()
    await service.from('rt_notes').insert({ owner_id: stranger.id, body: 'other' })
    const { changes } = await listen(visitor, [{ event: 'UPDATE', table: 'rt_notes', filter: `owner_id=eq.${uid.toUpperCase()}` }])
    await service.from('rt_notes').update({ body: 'done' }).eq('owner_id', stranger.id)
    await service.from('rt_notes').update({ body: '50%' }).eq('id', mine.data!.id)
    await service.from('rt_notes').update({ body: 'done' }).eq('id', mine.data!.id)
    await until(() => changes.length === 2)
    await settle()
    expect(changes.map((c) => (c.new as { body: string }).body)).toEqual(['50%', 'done'])
  })

  it('sends DELETEs without an RLS check, carrying only the primary key', async () => {
    const carol = await newUser()
    const dave = await newUser()
    const r = await fixture.standIn.db.query<{ id: number }>(`insert into rt_notes (owner_id, body) values ($1, 'gone') returning id`, [carol.id])
    const daveSees = await listen(await clientWithToken(dave.token), [{ event: 'DELETE', table: 'rt_notes' }])
    await fixture.standIn.db.query(`delete from rt_notes where id = $1`, [r.rows[0].id])
    await until(() => daveSees.changes.length === 1)
    expect(daveSees.changes[0].old).toEqual({ id: Number(r.rows[0].id) })
  })

  it('omits the columns the role may not select', async () => {
    const client = await clientWithToken()
    const { changes } = await listen(client, [{ event: 'INSERT', table: 'rt_profiles' }])
    await fixture.standIn.db.query(`insert into rt_profiles (id, display_name, private_note) values (2, 'Grace', 'hidden')`)
    await until(() => changes.length === 1)
    expect(changes[0].new).toEqual({ id: 2, display_name: 'Grace' })
  })

  it('applies a new token from setAuth to later changes', async () => {
    const erin = await newUser()
    const client = await clientWithToken()
    const { changes } = await listen(client, [{ event: 'INSERT', table: 'rt_notes' }])
    await fixture.standIn.db.query(`insert into rt_notes (owner_id, body) values ($1, 'before sign-in')`, [erin.id])
    await settle()
    expect(changes).toEqual([])
    await client.realtime.setAuth(erin.token)
    await settle()
    await fixture.standIn.db.query(`insert into rt_notes (owner_id, body) values ($1, 'after sign-in')`, [erin.id])
    await until(() => changes.length === 1)
    expect((changes[0].new as { body: string }).body).toBe('after sign-in')
  })
})
