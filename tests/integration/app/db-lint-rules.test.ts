import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStandIn } from '../../../supabase/local/testing.ts'
import type { StandIn } from '../../../supabase/local/server.ts'
import type { Finding } from '../../../supabase/lint/lint.ts'
import { LINTS, review, reviewReport, runLints } from '../../../supabase/lint/run.ts'
import { MIGRATIONS_DIR } from './cast.ts'

// The linter itself: each lint finds the mistake it is named after, with splinter's name, level and
// cache key, and leaves the correct neighbour alone. The objects are planted in a throwaway copy of
// the migrated database (in memory). pg_graphql (0026/0027) and foreign tables (0017) cannot be
// installed in PGlite; those lints are run, and find nothing here.
const PLANT = `
  create table public.lint_open (id int primary key, password text, "api-key" text, note text);
  grant select on public.lint_open to anon;
  create table public.lint_policy_off (id int primary key);
  create policy lint_policy_off_read on public.lint_policy_off for select using (true);
  create table public.lint_locked (id int primary key);
  alter table public.lint_locked enable row level security;
  create view public.lint_users as select id, email from auth.users;
  grant select on public.lint_users to authenticated;
  create view public.lint_invoker with (security_invoker = on) as select id from public.lint_locked;
  create function public.lint_mutable() returns int language sql as 'select 1';
  create function public.lint_pinned() returns int language sql set search_path = '' as 'select 2';
  create function public.lint_definer(p_x int, p_y text) returns int language sql security definer set search_path = '' as 'select 3';
  create function public.lint_definer_signed_in() returns int language sql security definer set search_path = '' as 'select 4';
  revoke execute on function public.lint_definer_signed_in() from public, anon;
  create function public.lint_definer_closed() returns int language sql security definer set search_path = '' as 'select 5';
  revoke execute on function public.lint_definer_closed() from public, anon, authenticated;
  create function private.lint_hidden() returns int language sql security definer set search_path = '' as 'select 6';
  grant execute on function private.lint_hidden() to anon, authenticated;
  create table public.lint_meta (id int primary key, owner uuid);
  alter table public.lint_meta enable row level security;
  create policy lint_meta_claims on public.lint_meta for select to authenticated
    using ((auth.jwt() -> 'user_metadata' ->> 'role') = 'admin');
  create policy lint_meta_owner on public.lint_meta for select to authenticated using (owner = (select auth.uid()));
  create policy lint_meta_public on public.lint_meta for select to anon using (true);
  create policy lint_meta_insert on public.lint_meta for insert to authenticated with check (true);
  create policy lint_meta_update on public.lint_meta for update to authenticated using (owner = auth.uid());
  create materialized view public.lint_mat as select 1 as x;
  grant select on public.lint_mat to anon;
  create table public.lint_reg (id int primary key, fn regproc);
  create table public.lint_phone (id int primary key, phone text references auth.users (phone));
  alter extension pgcrypto set schema public;
  create schema pgmq;
  create table pgmq.q_jobs (id int primary key);
  grant select on pgmq.q_jobs to anon;
  insert into storage.buckets (id, name, public) values ('lint-pub', 'lint-pub', true), ('lint-priv', 'lint-priv', false);
  create policy lint_pub_list on storage.objects for select to anon using (bucket_id = 'lint-pub');
  create policy lint_priv_list on storage.objects for select to anon using (bucket_id = 'lint-priv');
  create table public.lint_child (id int primary key, parent int references public.lint_locked (id));
  create table public.lint_child_ok (id int primary key, parent int references public.lint_locked (id));
  create index on public.lint_child_ok (parent);
  create table public.lint_nopk (x int);
  create index lint_nopk_a on public.lint_nopk (x);
  create index lint_nopk_b on public.lint_nopk (x);
`

describe('the database linter (splinter lints)', () => {
  let standIn: StandIn
  let before: Finding[]
  let after: Finding[]
  beforeAll(async () => {
    standIn = await startTestStandIn({ migrationsDir: MIGRATIONS_DIR, seedFile: null })
    before = await runLints(standIn.db, ['public', 'graphql_public', 'pgmq_public'])
    await standIn.db.exec(PLANT)
    after = await runLints(standIn.db, ['public', 'graphql_public', 'pgmq_public'])
  }, 120_000)
  afterAll(() => standIn?.stop())

  const planted = () => {
    const old = new Set(before.map((f) => f.cache_key))
    return after.filter((f) => !old.has(f.cache_key))
  }
  const find = (key: string) => after.find((f) => f.cache_key === key)

  it('finds each planted mistake with splinter\'s name, level, category and cache key', () => {
    const expected: [string, string, Finding['level'], 'SECURITY' | 'PERFORMANCE'][] = [
      ['rls_disabled_in_public_public_lint_open', 'rls_disabled_in_public', 'ERROR', 'SECURITY'],
      ['sensitive_columns_exposed_public_lint_open', 'sensitive_columns_exposed', 'ERROR', 'SECURITY'],
      ['policy_exists_rls_disabled_public_lint_policy_off', 'policy_exists_rls_disabled', 'ERROR', 'SECURITY'],
      ['rls_enabled_no_policy_public_lint_locked', 'rls_enabled_no_policy', 'INFO', 'SECURITY'],
      ['auth_users_exposed_public_lint_users', 'auth_users_exposed', 'ERROR', 'SECURITY'],
      ['security_definer_view_public_lint_users', 'security_definer_view', 'ERROR', 'SECURITY'],
      ['anon_security_definer_function_executable_public_lint_definer_p_x integer, p_y text', 'anon_security_definer_function_executable', 'WARN', 'SECURITY'],
      ['authenticated_security_definer_function_executable_public_lint_definer_p_x integer, p_y text', 'authenticated_security_definer_function_executable', 'WARN', 'SECURITY'],
      ['authenticated_security_definer_function_executable_public_lint_definer_signed_in_', 'authenticated_security_definer_function_executable', 'WARN', 'SECURITY'],
      ['rls_references_user_metadata_public_lint_meta_lint_meta_claims', 'rls_references_user_metadata', 'ERROR', 'SECURITY'],
      ['rls_policy_always_true_public_lint_meta_lint_meta_insert', 'rls_policy_always_true', 'WARN', 'SECURITY'],
      ['materialized_view_in_api_public_lint_mat', 'materialized_view_in_api', 'WARN', 'SECURITY'],
      ['unsupported_reg_types_public_lint_reg_fn', 'unsupported_reg_types', 'WARN', 'SECURITY'],
      ['fkey_to_auth_unique_public_lint_phone_lint_phone_phone_fkey', 'fkey_to_auth_unique', 'ERROR', 'SECURITY'],
      ['extension_in_public_pgcrypto', 'extension_in_public', 'WARN', 'SECURITY'],
      ['rls_disabled_in_public_pgmq_q_jobs', 'insecure_queue_exposed_in_api', 'ERROR', 'SECURITY'],
      ['public_bucket_allows_listing_lint-pub', 'public_bucket_allows_listing', 'WARN', 'SECURITY'],
      ['unindexed_foreign_keys_public_lint_child_lint_child_parent_fkey', 'unindexed_foreign_keys', 'INFO', 'PERFORMANCE'],
      ['no_primary_key_public_lint_nopk', 'no_primary_key', 'INFO', 'PERFORMANCE'],
      ['duplicate_index_public_lint_nopk_{lint_nopk_a,lint_nopk_b}', 'duplicate_index', 'WARN', 'PERFORMANCE'],
      ['multiple_permissive_policies_public_lint_meta_authenticated_SELECT', 'multiple_permissive_policies', 'WARN', 'PERFORMANCE'],
      ['auth_rls_init_plan_public_lint_meta_lint_meta_claims', 'auth_rls_initplan', 'WARN', 'PERFORMANCE'],
      ['auth_rls_init_plan_public_lint_meta_lint_meta_update', 'auth_rls_initplan', 'WARN', 'PERFORMANCE'],
    ]
    for (const [key, name, level, category] of expected) {
      expect(find(key), key).toMatchObject({ name, level, facing: 'EXTERNAL', categories: [category] })
    }
    const mutable = after.filter((f) => f.name === 'function_search_path_mutable')
    expect(mutable.map((f) => f.detail)).toEqual([
      "Function `public.lint_mutable` does not set search_path: its unqualified names resolve through the caller's.",
    ])
    expect(mutable[0].cache_key).toMatch(/^function_search_path_mutable_public_lint_mutable_[0-9a-f]{32}$/)
  })

  it('gives each finding splinter\'s full shape, readable on its own', () => {
    const f = find('anon_security_definer_function_executable_public_lint_definer_p_x integer, p_y text')!
    expect(Object.keys(f).sort()).toEqual(
      ['cache_key', 'categories', 'description', 'detail', 'facing', 'level', 'metadata', 'name', 'remediation', 'title'],
    )
    expect(f.detail).toBe(
      "`public.lint_definer(p_x integer, p_y text)` is SECURITY DEFINER and the `anon` role may execute it: it can be called at `/rest/v1/rpc/lint_definer` and runs with its owner's rights. Unless that is meant, revoke EXECUTE, make it SECURITY INVOKER or move it out of the API schemas.",
    )
    expect(f.metadata).toEqual({ schema: 'public', name: 'lint_definer', arguments: 'p_x integer, p_y text', language: 'sql', security_definer: true })
    expect(f.remediation).toBe('https://supabase.com/docs/guides/database/database-linter?lint=0028_anon_security_definer_function_executable')
    expect(find('sensitive_columns_exposed_public_lint_open')!.metadata).toMatchObject({ sensitive_columns: ['api-key', 'password'] })
  })

  it('leaves the correct neighbours alone', () => {
    const keys = planted().map((f) => f.cache_key)
    for (const fine of [
      'security_definer_view_public_lint_invoker', // security_invoker = on
      'function_search_path_mutable_public_lint_pinned', // search_path pinned
      'security_definer_function_executable_public_lint_definer_closed', // execute revoked
      'security_definer_function_executable_private_lint_hidden', // schema not exposed
      'public_bucket_allows_listing_lint-priv', // not a public bucket
      'unindexed_foreign_keys_public_lint_child_ok', // indexed
      'auth_rls_init_plan_public_lint_meta_lint_meta_owner', // (select auth.uid())
      'rls_policy_always_true_public_lint_meta_lint_meta_public', // SELECT using (true) is left alone
    ]) {
      expect(keys.filter((k) => k.includes(fine)), fine).toEqual([])
    }
    // a signed-in-only definer function is not reported as open to visitors
    expect(find('anon_security_definer_function_executable_public_lint_definer_signed_in_')).toBeUndefined()
    // every lint ran (a broken query throws) and each planted finding names one of them
    expect(new Set(planted().map((f) => f.name)).size).toBeGreaterThanOrEqual(20)
    for (const f of planted()) expect(LINTS.map((l) => l.name)).toContain(f.name)
  })

  it('reports unreviewed findings with the exact allowlist lines to add, and stale entries to remove', () => {
    const allow = new Map(before.map((f) => [f.cache_key, 'reviewed before the plant']))
    allow.set('rls_disabled_in_public_public_gone', 'a table that no longer exists')
    const r = review(after, allow)
    expect(r.unreviewed.map((f) => f.cache_key).sort()).toEqual(planted().map((f) => f.cache_key).sort())
    expect(r.stale).toEqual(['rls_disabled_in_public_public_gone'])
    const text = reviewReport(r, 'supabase/lint-allowlist.toml')
    expect(text).toContain(
      'ERROR rls_disabled_in_public [SECURITY]\n    Table `public.lint_open` is in an API schema, `anon` or `authenticated` may select it, and row level security is off.',
    )
    expect(text).toContain('"anon_security_definer_function_executable_public_lint_definer_p_x integer, p_y text" = "TODO: why this is safe"')
    expect(text).toContain('1 entry in supabase/lint-allowlist.toml matches no finding any more; remove this line:\n\n"rls_disabled_in_public_public_gone"')
  })
})
