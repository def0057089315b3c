import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HOSTILE_SUFFIXES } from '../../helpers/hostile-paths.ts'
import { assembleCast, createTeam, must, signUp, type Cast } from './cast.ts'

// Issue 11 (low): welcome credits once per person, a cap on owned teams, and storage paths and
// media references checked by the database wherever they occur (the media-reference cases are in
// tests/integration/videos/policies-videos.test.ts).
describe('welcome credits and the team cap', () => {
  let cast: Cast
  beforeAll(async () => {
    cast = await assembleCast()
  })
  afterAll(() => cast?.standIn.stop())

  const balance = async (teamId: string) =>
    must(await cast.service.rpc('team_credit_balance', { p_team_id: teamId }), 'balance') as number

  it('gives the first team 3 welcome credits and later teams none, even after deleting the first', async () => {
    const person = await signUp(cast.standIn, 'welcome')
    const first = await createTeam(person, 'First Realty')
    expect(await balance(first)).toBe(3)
    const second = await createTeam(person, 'Second Realty')
    expect(await balance(second)).toBe(0)
    must(await person.client.from('teams').delete().eq('id', first).select('id'), 'delete first team')
    const third = await createTeam(person, 'Third Realty')
    expect(await balance(third)).toBe(0)
  })

  it('caps the teams one person owns at 10, also under concurrent requests', async () => {
    const person = await signUp(cast.standIn, 'many-teams')
    const results = await Promise.all(
      Array.from({ length: 14 }, (_, i) => person.client.rpc('create_team', { p_name: `Team ${i + 1}` })),
    )
    expect(results.filter((r) => !r.error)).toHaveLength(10)
    const refused = results.filter((r) => r.error)
    expect(refused).toHaveLength(4)
    expect(refused[0].error?.message).toBe('You already own 10 teams. Delete one you no longer use to start another.')
    const owned = must(
      await cast.service.from('team_members').select('team_id').eq('user_id', person.id).eq('role', 'owner'),
      'owned teams',
    )
    expect(owned).toHaveLength(10)
  })
})

describe('storage paths and media references', () => {
  let cast: Cast
  beforeAll(async () => {
    cast = await assembleCast()
  })
  afterAll(() => cast?.standIn.stop())

  // issue 24: and every encoded climb (`%2e%2e`, `%252e`, `..%2f`, `%5c..`, `%00`, a trailing `%`, look-alikes);
  // every other path column: tests/integration/app/paths-decoded.test.ts
  const BAD_SUFFIXES = HOSTILE_SUFFIXES

  it("refuses an agent photo or logo path that leaves the team's folder", async () => {
    for (const suffix of BAD_SUFFIXES) {
      for (const column of ['photo_path', 'logo_path'] as const) {
        const { error } = await cast.owner.client
          .from('agents')
          .insert({ team_id: cast.teamId, full_name: 'Ava Agent', [column]: `${cast.teamId}/${suffix}` })
        expect(error?.code, `${column} ${JSON.stringify(suffix)}`).toBe('23514')
      }
    }
    const fine = await cast.owner.client
      .from('agents')
      .insert({ team_id: cast.teamId, full_name: 'Ava Agent', photo_path: `${cast.teamId}/agents/ava.webp` })
      .select('id')
    expect(fine.error).toBeNull()
  })

  it('refuses an avatar path with dot segments, written or encoded', async () => {
    for (const climb of ['..', '%2e%2e', '.%2e', '%2E%2E', '%252e%252e']) {
      const { error } = await cast.member.client
        .from('profiles')
        .update({ avatar_path: `${cast.member.id}/${climb}/${cast.owner.id}/a.webp` })
        .eq('id', cast.member.id)
      expect(error?.code, climb).toBe('23514')
    }
  })
})
