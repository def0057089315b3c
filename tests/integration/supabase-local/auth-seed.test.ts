import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtemp, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { decodeJwt } from 'jose'
import { withScope } from '../../../supabase/local/db.ts'
import type { StandIn } from '../../../supabase/local/server.ts'
import { startFixtureStandIn } from '../../helpers/stand-in.ts'
import { clientFor, uniqueEmail } from '../../helpers/supabase.ts'

const OWNER_ID = '0b9c5a52-6f0e-4d43-9a55-3d1f8c1e7a01'
const LEGACY_ID = '0b9c5a52-6f0e-4d43-9a55-3d1f8c1e7a02'

// How seed.sql files create users for hosted and CLI projects: pgcrypto's bcrypt, confirmed email,
// an email identity. The second user has NULL token columns, as many hand-written seeds do.
const SEED = `
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at, confirmation_token, email_change,
  email_change_token_new, recovery_token)
values ('00000000-0000-0000-0000-000000000000', '${OWNER_ID}', 'authenticated', 'authenticated',
  'seed.owner@example.test', crypt('seed-password-1', gen_salt('bf')), now(),
  '{"provider":"email","providers":["email"]}', '{"full_name":"Seed Owner"}', now(), now(), '', '', '', '');
insert into auth.identities (id, user_id, provider_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
values (gen_random_uuid(), '${OWNER_ID}', '${OWNER_ID}',
  format('{"sub":"%s","email":"%s"}', '${OWNER_ID}', 'seed.owner@example.test')::jsonb, 'email', now(), now(), now());

insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
values ('00000000-0000-0000-0000-000000000000', '${LEGACY_ID}', 'authenticated', 'authenticated',
  'seed.legacy@example.test', crypt('legacy-password-1', gen_salt('bf')), now(),
  '{"provider":"email","providers":["email"]}', '{}', now(), now());
update auth.users set confirmation_token = null, recovery_token = null, email_change = null,
  email_change_token_new = null where id = '${LEGACY_ID}';
`

describe('auth: seeded users, app triggers and claims under RLS', () => {
  let standIn: StandIn
  beforeAll(async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'auth-seed-'))
    const seedFile = path.join(dir, 'seed.sql')
    await writeFile(seedFile, SEED)
    standIn = await startFixtureStandIn({ seedFile })
  })
  afterAll(() => standIn?.stop())

  it('signs in a user a seed file inserted with crypt(pw, gen_salt(bf))', async () => {
    const stored = await standIn.db.query<{ encrypted_password: string }>(
      'select encrypted_password from auth.users where id = $1',
      [OWNER_ID],
    )
    expect(stored.rows[0].encrypted_password).toMatch(/^\$2a\$/)
    const { data, error } = await clientFor(standIn).auth.signInWithPassword({
      email: 'seed.owner@example.test',
      password: 'seed-password-1',
    })
    expect(error).toBeNull()
    expect(data.user!.id).toBe(OWNER_ID)
    expect(data.user!.user_metadata).toEqual({ full_name: 'Seed Owner' })
    expect(data.user!.identities![0].provider).toBe('email')
  })

  it('copes with seeded users whose token columns are NULL', async () => {
    const client = clientFor(standIn)
    const { error } = await client.auth.signInWithPassword({ email: 'seed.legacy@example.test', password: 'legacy-password-1' })
    expect(error).toBeNull()
    expect((await client.auth.resetPasswordForEmail('seed.legacy@example.test')).error).toBeNull()
    expect((await client.auth.getUser()).data.user!.email).toBe('seed.legacy@example.test')
  })

  it('fires the app trigger on auth.users when someone signs up', async () => {
    const email = uniqueEmail('trigger')
    const { data } = await clientFor(standIn).auth.signUp({
      email,
      password: 'correct-horse-9',
      options: { data: { full_name: 'Trig Gered' } },
    })
    const rows = await standIn.db.query<{ email: string; full_name: string }>(
      'select email, full_name from public.auth_profiles where id = $1',
      [data.user!.id],
    )
    expect(rows.rows).toEqual([{ email, full_name: 'Trig Gered' }])
  })

  it('answers a sign-up a trigger refuses with GoTrue\'s 500 "Database error saving new user" and keeps nothing', async () => {
    const email = uniqueEmail('refused')
    const { data, error } = await clientFor(standIn).auth.signUp({
      email,
      password: 'correct-horse-9',
      options: { data: { full_name: 'Rejected By Trigger' } },
    })
    expect(data.user).toBeNull()
    expect(error?.status).toBe(500)
    expect(error?.message).toBe('Database error saving new user')
    const rows = await standIn.db.query('select 1 from auth.users where email = $1', [email])
    expect(rows.rows).toHaveLength(0)
  })

  it('issues claims that auth.uid(), auth.jwt() and RLS policies read', async () => {
    const { data } = await clientFor(standIn).auth.signInWithPassword({
      email: 'seed.owner@example.test',
      password: 'seed-password-1',
    })
    const claims = decodeJwt(data.session!.access_token)
    const seen = await withScope(standIn.db, { role: String(claims.role), claims }, async (tx) => {
      const who = await tx.query<{ uid: string; role: string; email: string; aal: string }>(
        `select auth.uid()::text as uid, auth.role() as role, auth.email() as email, auth.jwt() ->> 'aal' as aal`,
      )
      const profiles = await tx.query<{ id: string }>('select id from public.auth_profiles')
      return { who: who.rows[0], profiles: profiles.rows }
    })
    expect(seen.who).toEqual({ uid: OWNER_ID, role: 'authenticated', email: 'seed.owner@example.test', aal: 'aal1' })
    // the seed inserted the owner after the trigger existed, so it has a profile; RLS hides every other one
    expect(seen.profiles).toEqual([{ id: OWNER_ID }])
  })

  it('lets the signed-in client read only its own rows through the REST API', async () => {
    const client = clientFor(standIn)
    await client.auth.signInWithPassword({ email: 'seed.owner@example.test', password: 'seed-password-1' })
    const { data, error } = await client.from('auth_profiles').select('id, full_name')
    expect(error).toBeNull()
    expect(data).toEqual([{ id: OWNER_ID, full_name: 'Seed Owner' }])
    const anon = await clientFor(standIn).from('auth_profiles').select('id')
    expect(anon.data ?? []).toEqual([])
  })
})
