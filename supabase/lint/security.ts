// splinter's security lints that apply to a Postgres database, re-implemented (see lint.ts).
import { apiSchema, fromExtension, invokerView, readableByClients, userSchema, type LintDef } from './lint.ts'

const SECURITY = ['SECURITY'] as LintDef['categories']

/** Definer functions in exposed schemas that `role` may execute (0028 anon, 0029 authenticated). */
function definerExecutable(role: 'anon' | 'authenticated'): string {
  return `
    select format('\`%s.%s(%s)\` is SECURITY DEFINER and the \`${role}\` role may execute it: it can be called at \`/rest/v1/rpc/%s\` and runs with its owner''s rights. Unless that is meant, revoke EXECUTE, make it SECURITY INVOKER or move it out of the API schemas.',
                  n.nspname, p.proname, pg_catalog.pg_get_function_identity_arguments(p.oid), p.proname) as detail,
           jsonb_build_object('schema', n.nspname, 'name', p.proname,
                              'arguments', pg_catalog.pg_get_function_identity_arguments(p.oid),
                              'language', l.lanname, 'security_definer', true) as metadata,
           format('${role}_security_definer_function_executable_%s_%s_%s',
                  n.nspname, p.proname, pg_catalog.pg_get_function_identity_arguments(p.oid)) as cache_key
      from pg_catalog.pg_proc p
      join pg_catalog.pg_namespace n on n.oid = p.pronamespace
      join pg_catalog.pg_language l on l.oid = p.prolang
     where p.prosecdef
       and pg_catalog.has_function_privilege('${role}', p.oid, 'EXECUTE')
       and ${apiSchema('n.nspname')} and ${userSchema('n.nspname')}
     order by n.nspname, p.proname, 3`
}

export const SECURITY_LINTS: LintDef[] = [
  {
    name: 'auth_users_exposed', code: '0002', title: 'Exposed Auth Users', level: 'ERROR', facing: 'EXTERNAL', categories: SECURITY,
    description: 'Finds views and materialized views in API schemas that read `auth.users` and that anon or authenticated may select: they can hand out every account\'s data.',
    sql: `
      select format('\`%s.%s\` reads \`auth.users\` and \`anon\` or \`authenticated\` may select it: it can hand out account data.', n.nspname, c.relname) as detail,
             jsonb_build_object('schema', n.nspname, 'name', c.relname, 'type', 'view',
               'exposed_to', array_remove(array[
                 case when pg_catalog.has_table_privilege('anon', c.oid, 'SELECT') then 'anon' end,
                 case when pg_catalog.has_table_privilege('authenticated', c.oid, 'SELECT') then 'authenticated' end], null)) as metadata,
             format('auth_users_exposed_%s_%s', n.nspname, c.relname) as cache_key
        from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('v', 'm')
         and ${apiSchema('n.nspname')}
         and ${readableByClients('c.oid')}
         and exists (select 1 from pg_catalog.pg_rewrite r join pg_catalog.pg_depend d on d.objid = r.oid
                      where r.ev_class = c.oid and d.deptype = 'n' and d.refobjid = 'auth.users'::regclass)
         and (c.relkind = 'm' or not ${invokerView('c')}
              or not (select u.relrowsecurity from pg_catalog.pg_class u where u.oid = 'auth.users'::regclass))
       order by n.nspname, c.relname`,
  },
  {
    name: 'policy_exists_rls_disabled', code: '0007', title: 'Policy Exists RLS Disabled', level: 'ERROR', facing: 'EXTERNAL', categories: SECURITY,
    description: 'Finds tables that have row level security policies while row level security itself is off, so the policies do nothing.',
    sql: `
      select format('\`%s.%s\` has policies (%s) but row level security is off, so none of them applies.',
                    n.nspname, c.relname, string_agg(p.polname, ', ' order by p.polname)) as detail,
             jsonb_build_object('schema', n.nspname, 'name', c.relname, 'type', 'table') as metadata,
             format('policy_exists_rls_disabled_%s_%s', n.nspname, c.relname) as cache_key
        from pg_catalog.pg_policy p
        join pg_catalog.pg_class c on c.oid = p.polrelid
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where c.relkind = 'r' and not c.relrowsecurity and ${userSchema('n.nspname')} and not ${fromExtension('c.oid')}
       group by n.nspname, c.relname
       order by n.nspname, c.relname`,
  },
  {
    name: 'rls_enabled_no_policy', code: '0008', title: 'RLS Enabled No Policy', level: 'INFO', facing: 'EXTERNAL', categories: SECURITY,
    description: 'Finds tables with row level security on and no policy at all: nobody but the owner and BYPASSRLS roles reads or writes them.',
    sql: `
      select format('\`%s.%s\` has row level security on and no policy: only its owner and BYPASSRLS roles can use it.', n.nspname, c.relname) as detail,
             jsonb_build_object('schema', n.nspname, 'name', c.relname, 'type', 'table') as metadata,
             format('rls_enabled_no_policy_%s_%s', n.nspname, c.relname) as cache_key
        from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where c.relkind = 'r' and c.relrowsecurity and ${userSchema('n.nspname')} and not ${fromExtension('c.oid')}
         and not exists (select 1 from pg_catalog.pg_policy p where p.polrelid = c.oid)
       order by n.nspname, c.relname`,
  },
  {
    name: 'security_definer_view', code: '0010', title: 'Security Definer View', level: 'ERROR', facing: 'EXTERNAL', categories: SECURITY,
    description: 'Finds API views that run with their owner\'s rights (no `security_invoker`), so the owner\'s permissions and RLS apply instead of the caller\'s.',
    sql: `
      select format('View \`%s.%s\` runs with its owner''s rights (no security_invoker): the owner''s grants and RLS decide what callers see.', n.nspname, c.relname) as detail,
             jsonb_build_object('schema', n.nspname, 'name', c.relname, 'type', 'view') as metadata,
             format('security_definer_view_%s_%s', n.nspname, c.relname) as cache_key
        from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where c.relkind = 'v' and ${readableByClients('c.oid')}
         and ${apiSchema('n.nspname')} and ${userSchema('n.nspname')} and not ${fromExtension('c.oid')}
         and current_setting('server_version_num')::int >= 150000
         and not ${invokerView('c')}
       order by n.nspname, c.relname`,
  },
  {
    name: 'function_search_path_mutable', code: '0011', title: 'Function Search Path Mutable', level: 'WARN', facing: 'EXTERNAL', categories: SECURITY,
    description: 'Finds functions that do not pin `search_path`, so what their unqualified names mean depends on the caller\'s setting.',
    sql: `
      select format('Function \`%s.%s\` does not set search_path: its unqualified names resolve through the caller''s.', n.nspname, p.proname) as detail,
             jsonb_build_object('schema', n.nspname, 'name', p.proname, 'type', 'function') as metadata,
             format('function_search_path_mutable_%s_%s_%s', n.nspname, p.proname, md5(p.prosrc)) as cache_key
        from pg_catalog.pg_proc p
        join pg_catalog.pg_namespace n on n.oid = p.pronamespace
       where ${userSchema('n.nspname')} and not ${fromExtension('p.oid')}
         and not exists (select 1 from unnest(coalesce(p.proconfig, '{}'::text[])) as cfg where cfg like 'search_path=%')
       order by n.nspname, p.proname, 3`,
  },
  {
    name: 'rls_disabled_in_public', code: '0013', title: 'RLS Disabled in Public', level: 'ERROR', facing: 'EXTERNAL', categories: SECURITY,
    description: 'Finds tables in API schemas that anon or authenticated may select while row level security is off.',
    sql: `
      select format('Table \`%s.%s\` is in an API schema, \`anon\` or \`authenticated\` may select it, and row level security is off.', n.nspname, c.relname) as detail,
             jsonb_build_object('schema', n.nspname, 'name', c.relname, 'type', 'table') as metadata,
             format('rls_disabled_in_public_%s_%s', n.nspname, c.relname) as cache_key
        from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where c.relkind = 'r' and not c.relrowsecurity and ${readableByClients('c.oid')}
         and ${apiSchema('n.nspname')} and ${userSchema('n.nspname')}
       order by n.nspname, c.relname`,
  },
  {
    name: 'extension_in_public', code: '0014', title: 'Extension in Public', level: 'WARN', facing: 'EXTERNAL', categories: SECURITY,
    description: 'Finds extensions installed into the `public` schema, where their objects join the API.',
    sql: `
      select format('Extension \`%s\` lives in the \`public\` schema; install it into another one (such as \`extensions\`).', e.extname) as detail,
             jsonb_build_object('schema', n.nspname, 'name', e.extname, 'type', 'extension') as metadata,
             format('extension_in_public_%s', e.extname) as cache_key
        from pg_catalog.pg_extension e
        join pg_catalog.pg_namespace n on n.oid = e.extnamespace
       where n.nspname = 'public' and e.extname <> 'plpgsql'
       order by e.extname`,
  },
  {
    name: 'rls_references_user_metadata', code: '0015', title: 'RLS references user metadata', level: 'ERROR', facing: 'EXTERNAL', categories: SECURITY,
    description: 'Finds policies that read `user_metadata` from the JWT: people edit their own user_metadata, so it proves nothing.',
    sql: `
      select format('Policy \`%s\` on \`%s.%s\` reads \`user_metadata\` from the JWT; people edit their own user_metadata, so it cannot decide access.',
                    p.policyname, p.schemaname, p.tablename) as detail,
             jsonb_build_object('schema', p.schemaname, 'name', p.tablename, 'type', 'table') as metadata,
             format('rls_references_user_metadata_%s_%s_%s', p.schemaname, p.tablename, p.policyname) as cache_key
        from pg_catalog.pg_policies p
       where ${userSchema('p.schemaname')}
         and exists (select 1 from unnest(array[p.qual, p.with_check]) as e(expr)
                      where e.expr like '%auth.jwt()%user_metadata%'
                         or e.expr like '%current_setting(%request.jwt.claims%)%user_metadata%')
       order by p.schemaname, p.tablename, p.policyname`,
  },
  {
    name: 'materialized_view_in_api', code: '0016', title: 'Materialized View in API', level: 'WARN', facing: 'EXTERNAL', categories: SECURITY,
    description: 'Finds materialized views anon or authenticated may select through the API (they have no row level security).',
    sql: `
      select format('Materialized view \`%s.%s\` can be selected by \`anon\` or \`authenticated\` through the API, and has no row level security.', n.nspname, c.relname) as detail,
             jsonb_build_object('schema', n.nspname, 'name', c.relname, 'type', 'materialized view') as metadata,
             format('materialized_view_in_api_%s_%s', n.nspname, c.relname) as cache_key
        from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where c.relkind = 'm' and ${readableByClients('c.oid')}
         and ${apiSchema('n.nspname')} and ${userSchema('n.nspname')} and not ${fromExtension('c.oid')}
       order by n.nspname, c.relname`,
  },
  {
    name: 'foreign_table_in_api', code: '0017', title: 'Foreign Table in API', level: 'WARN', facing: 'EXTERNAL', categories: SECURITY,
    description: 'Finds foreign tables reachable through the API; foreign tables ignore row level security.',
    sql: `
      select format('Foreign table \`%s.%s\` can be reached through the API; foreign tables ignore row level security.', n.nspname, c.relname) as detail,
             jsonb_build_object('schema', n.nspname, 'name', c.relname, 'type', 'foreign table') as metadata,
             format('foreign_table_in_api_%s_%s', n.nspname, c.relname) as cache_key
        from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where c.relkind = 'f' and ${readableByClients('c.oid')}
         and ${apiSchema('n.nspname')} and ${userSchema('n.nspname')} and not ${fromExtension('c.oid')}
       order by n.nspname, c.relname`,
  },
  {
    name: 'unsupported_reg_types', code: '0018', title: 'Unsupported reg types', level: 'WARN', facing: 'EXTERNAL', categories: SECURITY,
    remediation: 'https://supabase.com/docs/guides/database/database-linter?lint=unsupported_reg_types',
    description: 'Finds table columns of reg* types that pg_upgrade cannot carry over (they hold OIDs), which blocks database upgrades.',
    sql: `
      select format('Column \`%s\` of \`%s.%s\` has type \`%s\`, whose stored OIDs pg_upgrade cannot carry over.', a.attname, n.nspname, c.relname, t.typname) as detail,
             jsonb_build_object('schema', n.nspname, 'name', c.relname, 'column', a.attname, 'type', 'table') as metadata,
             format('unsupported_reg_types_%s_%s_%s', n.nspname, c.relname, a.attname) as cache_key
        from pg_catalog.pg_attribute a
        join pg_catalog.pg_class c on c.oid = a.attrelid
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        join pg_catalog.pg_type t on t.oid = a.atttypid
       where t.typnamespace = 'pg_catalog'::regnamespace
         and t.typname in ('regcollation', 'regconfig', 'regdictionary', 'regnamespace', 'regoper', 'regoperator', 'regproc', 'regprocedure')
         and n.nspname not in ('pg_catalog', 'information_schema', 'pgsodium')
       order by n.nspname, c.relname, a.attname`,
  },
  {
    name: 'insecure_queue_exposed_in_api', code: '0019', title: 'Insecure Queue Exposed in API', level: 'ERROR', facing: 'EXTERNAL', categories: SECURITY,
    description: 'Finds pgmq queue tables without row level security while `pgmq_public` is exposed through the API.',
    // splinter keys these findings with the rls_disabled_in_public prefix; kept, so keys match the dashboard's
    sql: `
      select format('Queue table \`%s.%s\` has row level security off while \`pgmq_public\` is exposed through the API.', n.nspname, c.relname) as detail,
             jsonb_build_object('schema', n.nspname, 'name', c.relname, 'type', 'table') as metadata,
             format('rls_disabled_in_public_%s_%s', n.nspname, c.relname) as cache_key
        from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and not c.relrowsecurity and ${readableByClients('c.oid')}
         and n.nspname = 'pgmq' and c.relname like 'q\\_%' and 'pgmq_public' = any ($1::text[])
       order by c.relname`,
  },
  {
    name: 'fkey_to_auth_unique', code: '0021', title: 'Foreign Key to Auth Unique Constraint', level: 'ERROR', facing: 'EXTERNAL', categories: SECURITY,
    remediation: 'Drop the foreign key constraint that references the auth schema.',
    description: 'Finds foreign keys onto a unique (not primary) key of an auth table, which Supabase Auth may change or drop.',
    sql: `
      select format('Foreign key \`%s\` on \`%s.%s\` references a unique key of an auth table other than its primary key.', k.conname, n.nspname, c.relname) as detail,
             jsonb_build_object('schema', n.nspname, 'name', c.relname, 'foreign_key', k.conname) as metadata,
             format('fkey_to_auth_unique_%s_%s_%s', n.nspname, c.relname, k.conname) as cache_key
        from pg_catalog.pg_constraint k
        join pg_catalog.pg_class c on c.oid = k.conrelid
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        join pg_catalog.pg_class target on target.oid = k.confrelid
        join pg_catalog.pg_index i on i.indexrelid = k.conindid
       where k.contype = 'f' and target.relnamespace = 'auth'::regnamespace and i.indisunique and not i.indisprimary
       order by n.nspname, c.relname, k.conname`,
  },
  {
    name: 'authenticated_security_definer_function_executable', code: '0029', title: 'Signed-In Users Can Execute SECURITY DEFINER Function',
    level: 'WARN', facing: 'EXTERNAL', categories: SECURITY,
    description: 'Finds `SECURITY DEFINER` functions in API schemas that any signed-in user may call through `/rest/v1/rpc`; each runs with its owner\'s rights, past RLS.',
    sql: definerExecutable('authenticated'),
  },
  {
    name: 'anon_security_definer_function_executable', code: '0028', title: 'Public Can Execute SECURITY DEFINER Function',
    level: 'WARN', facing: 'EXTERNAL', categories: SECURITY,
    description: 'Finds `SECURITY DEFINER` functions in API schemas that anyone with the public anon key may call through `/rest/v1/rpc`, without signing in.',
    sql: definerExecutable('anon'),
  },
]
