import type { SupabaseClient } from '@supabase/supabase-js'
import { describe, expect, expectTypeOf, it } from 'vitest'
import type { Database, Tables, TablesInsert, TablesUpdate } from '../../../lib/database.types.ts'
import { databaseTypesAreCurrent } from '../../../scripts/gen-types.ts'

describe('generated database types', () => {
  it('match the migrations (npm run db:types -- --check)', async () => {
    expect(await databaseTypesAreCurrent()).toBe(true)
  }, 120_000)

  it('type queries and function calls through createClient<Database>()', () => {
    // compile-time assertions: `npm run typecheck` fails if the generated shape stops fitting supabase-js
    type Client = SupabaseClient<Database>
    type TeamsSelect = Awaited<ReturnType<ReturnType<Client['from']>['select']>>
    expectTypeOf<TeamsSelect>().not.toBeNever()
    expectTypeOf<Tables<'profiles'>['is_admin']>().toEqualTypeOf<boolean>()
    expectTypeOf<Tables<'team_members'>['role']>().toEqualTypeOf<string>()
    expectTypeOf<TablesInsert<'credit_ledger'>['id']>().toEqualTypeOf<undefined>()
    expectTypeOf<TablesUpdate<'teams'>>().toHaveProperty('name')
    expectTypeOf<Database['public']['Functions']['create_team']['Args']>().toEqualTypeOf<{ p_name: string }>()
    expectTypeOf<Database['public']['Functions']['team_credit_balance']['Returns']>().toEqualTypeOf<number>()

    const typed = async (client: Client) => {
      const teams = await client.from('teams').select('id, name, team_members(role, profiles(email))')
      const balance = await client.rpc('team_credit_balance', { p_team_id: 'x' })
      const admin = await client.rpc('is_admin')
      return { teams, balance, admin }
    }
    type Result = Awaited<ReturnType<typeof typed>>
    expectTypeOf<NonNullable<Result['teams']['data']>[number]['name']>().toEqualTypeOf<string>()
    expectTypeOf<NonNullable<Result['teams']['data']>[number]['team_members'][number]['role']>().toEqualTypeOf<string>()
    expectTypeOf<NonNullable<Result['balance']['data']>>().toEqualTypeOf<number>()
    expectTypeOf<NonNullable<Result['admin']['data']>>().toEqualTypeOf<boolean>()
    expect(typeof typed).toBe('function')
  })
})
