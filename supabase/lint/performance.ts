// splinter's performance lints that need no statistics, re-implemented (see lint.ts). Left out:
// unused_index (0005) and table_bloat (0020) read pg_stat_* counters, meaningless on a fresh
// database; extension_versions_outdated (0022) compares with the platform's available versions.
import { fromExtension, userSchema, type LintDef } from './lint.ts'

const PERFORMANCE = ['PERFORMANCE'] as LintDef['categories']

export const PERFORMANCE_LINTS: LintDef[] = [
  {
    name: 'unindexed_foreign_keys', code: '0001', title: 'Unindexed foreign keys', level: 'INFO', facing: 'EXTERNAL', categories: PERFORMANCE,
    description: 'Finds foreign keys whose columns do not lead any index, so deletes on the referenced table and joins scan.',
    sql: `
      select format('Foreign key \`%s\` on \`%s.%s\` has no index starting with its columns: lookups through it scan the table.',
                    k.conname, n.nspname, c.relname) as detail,
             jsonb_build_object('schema', n.nspname, 'name', c.relname, 'type', 'table', 'fkey_name', k.conname, 'fkey_columns', k.conkey) as metadata,
             format('unindexed_foreign_keys_%s_%s_%s', n.nspname, c.relname, k.conname) as cache_key
        from pg_catalog.pg_constraint k
        join pg_catalog.pg_class c on c.oid = k.conrelid
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where k.contype = 'f' and ${userSchema('n.nspname')} and not ${fromExtension('c.oid')}
         and not exists (
           select 1 from pg_catalog.pg_index i
            where i.indrelid = c.oid and i.indisvalid
              and (string_to_array(i.indkey::text, ' ')::smallint[])[1:cardinality(k.conkey)] = k.conkey)
       order by n.nspname, c.relname, k.conname`,
  },
  {
    name: 'auth_rls_initplan', code: '0003', title: 'Auth RLS Initialization Plan', level: 'WARN', facing: 'EXTERNAL', categories: PERFORMANCE,
    description: 'Finds policies that call `auth.<function>()` or `current_setting()` directly, so it runs once per row instead of once per query (wrap it in `(select …)`).',
    sql: `
      select format('Policy \`%s\` on \`%s.%s\` calls auth.<function>() or current_setting() for every row; write \`(select auth.uid())\` so it runs once per statement.',
                    p.policyname, p.schemaname, p.tablename) as detail,
             jsonb_build_object('schema', p.schemaname, 'name', p.tablename, 'type', 'table') as metadata,
             format('auth_rls_init_plan_%s_%s_%s', p.schemaname, p.tablename, p.policyname) as cache_key
        from pg_catalog.pg_policies p
        join pg_catalog.pg_class c on c.relname = p.tablename and c.relnamespace = p.schemaname::regnamespace
       where c.relrowsecurity and ${userSchema('p.schemaname', ['realtime'])}
         and exists (
           select 1 from unnest(array[p.qual, p.with_check]) as e(expr),
                         unnest(array['auth.uid()', 'auth.jwt()', 'auth.role()', 'auth.email()']) as f(fn)
            where e.expr like '%' || f.fn || '%' and lower(e.expr) not like '%select ' || f.fn || '%'
           union all
           select 1 from unnest(array[p.qual, p.with_check]) as e(expr)
            where e.expr like '%current\\_setting(%)%' and lower(e.expr) not like '%select current\\_setting(%)%')
       order by p.schemaname, p.tablename, p.policyname`,
  },
  {
    name: 'no_primary_key', code: '0004', title: 'No Primary Key', level: 'INFO', facing: 'EXTERNAL', categories: PERFORMANCE,
    description: 'Finds tables without a primary key (slow to address rows; logical replication and realtime need one).',
    sql: `
      select format('Table \`%s.%s\` has no primary key: rows cannot be addressed reliably.', n.nspname, c.relname) as detail,
             jsonb_build_object('schema', n.nspname, 'name', c.relname, 'type', 'table') as metadata,
             format('no_primary_key_%s_%s', n.nspname, c.relname) as cache_key
        from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where c.relkind = 'r' and ${userSchema('n.nspname')} and not ${fromExtension('c.oid')}
         and not exists (select 1 from pg_catalog.pg_index i where i.indrelid = c.oid and i.indisprimary)
       order by n.nspname, c.relname`,
  },
  {
    name: 'multiple_permissive_policies', code: '0006', title: 'Multiple Permissive Policies', level: 'WARN', facing: 'EXTERNAL', categories: PERFORMANCE,
    description: 'Finds tables with more than one permissive policy for the same role and action: every one of them runs on every row.',
    sql: `
      with acts as (
        select n.nspname, c.relname, r.rolname, a.cmd, p.polname
          from pg_catalog.pg_policy p
          join pg_catalog.pg_class c on c.oid = p.polrelid
          join pg_catalog.pg_namespace n on n.oid = c.relnamespace
          join pg_catalog.pg_roles r on r.oid = any (p.polroles) or p.polroles = array[0::oid]
          cross join lateral unnest(case p.polcmd when 'r' then array['SELECT'] when 'a' then array['INSERT']
                                                  when 'w' then array['UPDATE'] when 'd' then array['DELETE']
                                                  else array['SELECT', 'INSERT', 'UPDATE', 'DELETE'] end) as a(cmd)
         where c.relkind = 'r' and p.polpermissive and ${userSchema('n.nspname')} and not ${fromExtension('c.oid')}
           and r.rolname not like 'pg\\_%' and r.rolname not like 'supabase%admin' and not r.rolbypassrls
      )
      select format('\`%s.%s\`: %s permissive %s policies apply to role \`%s\` (%s), and each runs on every row.',
                    nspname, relname, count(*), cmd, rolname, string_agg(polname, ', ' order by polname)) as detail,
             jsonb_build_object('schema', nspname, 'name', relname, 'type', 'table') as metadata,
             format('multiple_permissive_policies_%s_%s_%s_%s', nspname, relname, rolname, cmd) as cache_key
        from acts
       group by nspname, relname, rolname, cmd
      having count(*) > 1
       order by nspname, relname, rolname, cmd`,
  },
  {
    name: 'duplicate_index', code: '0009', title: 'Duplicate Index', level: 'WARN', facing: 'EXTERNAL', categories: PERFORMANCE,
    description: 'Finds identical indexes on one table (each costs writes and space for nothing).',
    sql: `
      select format('\`%s.%s\` has identical indexes (%s); one is enough.', n.nspname, c.relname,
                    string_agg(x.indexname, ', ' order by x.indexname)) as detail,
             jsonb_build_object('schema', n.nspname, 'name', c.relname,
                                'type', case c.relkind when 'r' then 'table' else 'materialized view' end,
                                'indexes', array_agg(x.indexname order by x.indexname)) as metadata,
             format('duplicate_index_%s_%s_%s', n.nspname, c.relname, array_agg(x.indexname order by x.indexname)) as cache_key
        from pg_catalog.pg_indexes x
        join pg_catalog.pg_namespace n on n.nspname = x.schemaname
        join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relname = x.tablename
       where c.relkind in ('r', 'm') and ${userSchema('n.nspname')} and not ${fromExtension('c.oid')}
       group by n.nspname, c.relname, c.relkind, replace(x.indexdef, x.indexname, '')
      having count(*) > 1
       order by n.nspname, c.relname`,
  },
]
