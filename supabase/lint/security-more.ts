// splinter's later security lints (0023–0027), re-implemented (see lint.ts).
import { apiSchema, readableByClients, userSchema, type LintDef } from './lint.ts'

const SECURITY = ['SECURITY'] as LintDef['categories']

/** Column names splinter treats as credentials or personal data (compared after lower-casing, `-` as `_`). */
const SENSITIVE_NAMES = [
  'password', 'passwd', 'pwd', 'passphrase', 'secret', 'secret_key', 'private_key', 'api_key', 'apikey',
  'auth_key', 'token', 'jwt', 'access_token', 'refresh_token', 'oauth_token', 'session_token', 'bearer_token',
  'auth_code', 'session_id', 'session_key', 'session_secret', 'recovery_code', 'backup_code', 'verification_code',
  'otp', 'two_factor', '2fa_secret', '2fa_code', 'ssn', 'social_security', 'social_security_number',
  'driver_license', 'drivers_license', 'license_number', 'passport_number', 'passport_id', 'national_id', 'tax_id',
  'credit_card', 'card_number', 'cvv', 'cvc', 'cvn', 'bank_account', 'account_number', 'routing_number', 'iban',
  'swift_code', 'bic', 'health_record', 'medical_record', 'patient_id', 'insurance_number', 'health_insurance',
  'medical_insurance', 'treatment', 'mac_address', 'macaddr', 'imei', 'device_uuid', 'pgp_key', 'gpg_key',
  'ssh_key', 'certificate', 'license_key', 'activation_key', 'facial_recognition',
]

/** An always-true policy expression, once spaces, tabs and newlines are gone. */
const TRUE_EXPR = `('true', '(true)', '1=1', '(1=1)')`
const squeeze = (expr: string) => `replace(replace(replace(lower(coalesce(${expr}, '')), ' ', ''), E'\\n', ''), E'\\t', '')`

/** Tables, views and the like that `role` sees in the GraphQL schema (pg_graphql installed only). */
function graphqlExposed(role: 'anon' | 'authenticated'): string {
  return `
    select format('The \`${role}\` role may select %s \`%s.%s\`, so it appears in the GraphQL schema for it.',
                  k.kind, n.nspname, c.relname) as detail,
           jsonb_build_object('schema', n.nspname, 'name', c.relname, 'type', k.kind) as metadata,
           format('pg_graphql_${role}_table_exposed_%s_%s', n.nspname, c.relname) as cache_key
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      join (values ('r', 'table'), ('v', 'view'), ('m', 'materialized view'), ('f', 'foreign table')) as k(relkind, kind)
        on k.relkind = c.relkind::text
     where exists (select 1 from pg_catalog.pg_extension where extname = 'pg_graphql')
       and ${userSchema('n.nspname')}
       and exists (select 1 from pg_catalog.pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                     and pg_catalog.has_column_privilege('${role}', c.oid, a.attnum, 'SELECT'))
     order by n.nspname, c.relname`
}

export const MORE_SECURITY_LINTS: LintDef[] = [
  {
    name: 'sensitive_columns_exposed', code: '0023', title: 'Sensitive Columns Exposed', level: 'ERROR', facing: 'EXTERNAL', categories: SECURITY,
    description: 'Finds API tables without row level security whose column names suggest credentials or personal data.',
    sql: `
      select format('Table \`%s.%s\` is in the API without row level security and has columns that look sensitive: %s.',
                    n.nspname, c.relname, string_agg(a.attname, ', ' order by a.attname)) as detail,
             jsonb_build_object('schema', n.nspname, 'name', c.relname, 'type', 'table',
                                'sensitive_columns', array_agg(a.attname order by a.attname),
                                'matched_patterns', array_agg(distinct replace(lower(a.attname), '-', '_'))) as metadata,
             format('sensitive_columns_exposed_%s_%s', n.nspname, c.relname) as cache_key
        from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       where c.relkind = 'r' and not c.relrowsecurity and ${readableByClients('c.oid')}
         and ${apiSchema('n.nspname')} and ${userSchema('n.nspname')}
         and replace(lower(a.attname), '-', '_') = any (array[${SENSITIVE_NAMES.map((s) => `'${s}'`).join(', ')}])
       group by n.nspname, c.relname
       order by n.nspname, c.relname`,
  },
  {
    name: 'rls_policy_always_true', code: '0024', title: 'RLS Policy Always True', level: 'WARN', facing: 'EXTERNAL', categories: SECURITY,
    remediation: 'https://supabase.com/docs/guides/database/database-linter?lint=0024_permissive_rls_policy',
    description: 'Finds permissive policies for anon, authenticated or everyone whose USING or WITH CHECK is always true on INSERT, UPDATE, DELETE or ALL (SELECT with `using (true)` is left alone: public reads are often meant).',
    sql: `
      with p as (
        select pp.schemaname, pp.tablename, pp.policyname, pp.roles, pp.cmd, pp.qual, pp.with_check,
               (pp.cmd in ('UPDATE', 'DELETE', 'ALL') and (${squeeze('pp.qual')} in ${TRUE_EXPR} or pp.qual is null)) as open_using,
               (${squeeze('pp.with_check')} in ${TRUE_EXPR}
                 or (pp.with_check is null and pp.cmd = 'INSERT')
                 or (pp.with_check is null and pp.cmd in ('UPDATE', 'ALL') and ${squeeze('pp.qual')} in ${TRUE_EXPR})) as open_check
          from pg_catalog.pg_policies pp
          join pg_catalog.pg_class c on c.relname = pp.tablename and c.relnamespace = pp.schemaname::regnamespace
         where c.relkind = 'r' and c.relrowsecurity and pp.permissive = 'PERMISSIVE'
           and ${userSchema('pp.schemaname')}
           and pp.roles && array['public', 'anon', 'authenticated']::name[]
      )
      select format('Policy \`%s\` on \`%s.%s\` lets %s %s any row: its %s always true, so row level security does not restrict it.',
                    policyname, schemaname, tablename, array_to_string(roles, ', '), lower(cmd),
                    case when open_using and open_check then 'USING and WITH CHECK are'
                         when open_using then 'USING is' else 'WITH CHECK is' end) as detail,
             jsonb_build_object('schema', schemaname, 'name', tablename, 'type', 'table', 'policy_name', policyname,
                                'command', cmd, 'roles', roles, 'qual', qual, 'with_check', with_check,
                                'permissive_using', open_using, 'permissive_with_check', open_check) as metadata,
             format('rls_policy_always_true_%s_%s_%s', schemaname, tablename, policyname) as cache_key
        from p
       where open_using or open_check
       order by schemaname, tablename, policyname`,
  },
  {
    name: 'public_bucket_allows_listing', code: '0025', title: 'Public Bucket Allows Listing', level: 'WARN', facing: 'EXTERNAL', categories: SECURITY,
    description: 'Finds public storage buckets with a broad SELECT policy on `storage.objects` (always true, or only `bucket_id = …`), which lets any client list every file; public URLs do not need it.',
    sql: `
      with broad as (
        select b.id, b.name, pp.policyname
          from storage.buckets b
          join pg_catalog.pg_policies pp
            on pp.schemaname = 'storage' and pp.tablename = 'objects' and pp.cmd in ('SELECT', 'ALL')
           and pp.permissive = 'PERMISSIVE' and pp.roles && array['public', 'anon', 'authenticated']::name[]
         where b.public
           and (pp.qual is null or ${squeeze('pp.qual')} in ${TRUE_EXPR}
                or (regexp_match(pp.qual, $re$^\\s*\\(*\\s*bucket_id\\s*=\\s*('(?:[^']|'')*')(\\s*::\\s*[[:alnum:]_.]+)?\\s*\\)*\\s*$$re$, 'i'))[1]
                   = '''' || replace(b.id, '''', '''''') || '''')
      )
      select format('Public bucket \`%s\` has broad SELECT %s on \`storage.objects\` (%s): any client can list every file, which public URLs do not need.',
                    name, case when count(*) = 1 then 'policy' else 'policies' end,
                    string_agg(policyname, ', ' order by policyname)) as detail,
             jsonb_build_object('schema', 'storage', 'name', name, 'type', 'bucket', 'bucket_id', id, 'bucket_name', name,
                                'policy_names', array_agg(policyname order by policyname), 'policy_count', count(*)) as metadata,
             format('public_bucket_allows_listing_%s', id) as cache_key
        from broad
       group by id, name
       order by id`,
  },
  {
    name: 'pg_graphql_anon_table_exposed', code: '0026', title: 'Public Can See Object in GraphQL Schema', level: 'WARN', facing: 'EXTERNAL', categories: SECURITY,
    description: 'With pg_graphql installed: finds tables and views anyone with the anon key sees in the GraphQL schema.',
    sql: graphqlExposed('anon'),
  },
  {
    name: 'pg_graphql_authenticated_table_exposed', code: '0027', title: 'Signed-In Users Can See Object in GraphQL Schema', level: 'WARN', facing: 'EXTERNAL', categories: SECURITY,
    description: 'With pg_graphql installed: finds tables and views every signed-in user sees in the GraphQL schema.',
    sql: graphqlExposed('authenticated'),
  },
]
