// The project's own implementation of Supabase's database linter (splinter): the same lint names,
// titles, levels, facing, categories, metadata and cache keys, and the same result shape, so a finding
// here matches the one the hosted dashboard's "Advisors" would show (cache keys are interchangeable).
// Written from splinter's lint definitions (supabase/splinter, lints/*.sql); none of its code is
// vendored, and the description and detail sentences are our own. docs/security.md#the-database-linter

/** One lint's fixed facts; its query answers the rows (detail, metadata, cache_key). */
export interface LintDef {
  name: string
  title: string
  level: 'ERROR' | 'WARN' | 'INFO'
  facing: 'EXTERNAL' | 'INTERNAL'
  categories: ('SECURITY' | 'PERFORMANCE')[]
  description: string
  /** splinter's number, for the remediation link */
  code: string
  /** where splinter points elsewhere than `?lint={code}_{name}` */
  remediation?: string
  /**
   * SQL answering `detail text, metadata jsonb, cache_key text`. `$1` (text[]) is the list of
   * schemas the API exposes (`[api] schemas` in supabase/config.toml, splinter's pgrst.db_schemas).
   */
  sql: string
}

/** A finding, in splinter's result shape. */
export interface Finding {
  name: string
  title: string
  level: LintDef['level']
  facing: LintDef['facing']
  categories: LintDef['categories']
  description: string
  detail: string
  remediation: string
  metadata: Record<string, unknown>
  cache_key: string
}

/** Schemas that belong to Supabase or to extensions, never linted (splinter skips the same ones). */
export const SYSTEM_SCHEMAS = [
  '_timescaledb_cache', '_timescaledb_catalog', '_timescaledb_config', '_timescaledb_internal',
  'auth', 'cron', 'extensions', 'graphql', 'graphql_public', 'information_schema', 'net', 'pgmq',
  'pgroonga', 'pgsodium', 'pgsodium_masks', 'pgtle', 'pgbouncer', 'pg_catalog', 'realtime', 'repack',
  'storage', 'supabase_functions', 'supabase_migrations', 'tiger', 'topology', 'vault',
]

/** `column` is a user schema (not one of SYSTEM_SCHEMAS). */
export function userSchema(column: string, except: string[] = []): string {
  const names = SYSTEM_SCHEMAS.filter((s) => !except.includes(s)).map((s) => `'${s}'`)
  return `${column} <> all (array[${names.join(', ')}])`
}

/** `column` is one of the schemas the API exposes ($1). */
export function apiSchema(column: string): string {
  return `${column} = any ($1::text[])`
}

/** the relation `oid` belongs to an extension (installed by it, not by the project) */
export function fromExtension(oid: string): string {
  return `exists (select 1 from pg_catalog.pg_depend d where d.objid = ${oid} and d.deptype = 'e')`
}

/** `anon` or `authenticated` may SELECT the relation `oid` */
export function readableByClients(oid: string): string {
  return `(pg_catalog.has_table_privilege('anon', ${oid}, 'SELECT') or pg_catalog.has_table_privilege('authenticated', ${oid}, 'SELECT'))`
}

/** the view `c` runs with its caller's rights (`security_invoker` in any spelling Postgres accepts) */
export function invokerView(c: string): string {
  return `coalesce(lower(${c}.reloptions::text)::text[], '{}') && array['security_invoker=1', 'security_invoker=true', 'security_invoker=yes', 'security_invoker=on']`
}

export function remediationUrl(lint: LintDef): string {
  if (lint.remediation) return lint.remediation
  return `https://supabase.com/docs/guides/database/database-linter?lint=${lint.code}_${lint.name}`
}
