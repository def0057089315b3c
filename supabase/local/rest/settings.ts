import type { StandInConfig } from '../config.ts'
import type { Db } from '../db.ts'

/**
 * PostgREST settings the stand-in honours beyond schemas and max rows: `db-aggregates-enabled`
 * and `db-plan-enabled`. As in PostgREST, the environment (`PGRST_DB_AGGREGATES_ENABLED`,
 * `PGRST_DB_PLAN_ENABLED`, kept in `config`) is overridden by in-database configuration: the
 * `pgrst.db_aggregates_enabled` / `pgrst.db_plan_enabled` settings of the `authenticator` role,
 * which is how a Supabase project turns them on:
 *
 *   alter role authenticator set pgrst.db_aggregates_enabled = 'true';
 *   notify pgrst, 'reload config';
 */
export interface RestFlags {
  aggregates: boolean
  plan: boolean
}

const ROLE_SETTINGS_SQL = `
select split_part(kv, '=', 1) as name, substr(kv, strpos(kv, '=') + 1) as value
from pg_db_role_setting s
join pg_roles r on r.oid = s.setrole
cross join lateral unnest(s.setconfig) as kv
where r.rolname = 'authenticator'
  and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
order by s.setdatabase`

/** PostgREST reads booleans leniently (true/false, on/off, yes/no, 1/0). */
function parseBool(v: string | undefined): boolean | undefined {
  if (v === undefined) return undefined
  const s = v.trim().toLowerCase()
  if (['true', 'on', 'yes', '1'].includes(s)) return true
  if (['false', 'off', 'no', '0'].includes(s)) return false
  return undefined
}

export class RestSettings {
  private current: Promise<RestFlags> | null = null
  private unlisten: (() => Promise<void>) | null = null

  constructor(
    private readonly db: Db,
    private readonly config: StandInConfig,
  ) {}

  get(): Promise<RestFlags> {
    this.current ??= this.load().catch((err) => {
      this.current = null
      throw err
    })
    return this.current
  }

  /** `NOTIFY pgrst, 'reload config'` re-reads the settings, as in PostgREST. */
  async listen(): Promise<void> {
    this.unlisten = await this.db.listen('pgrst', (payload) => {
      if (payload === 'reload config') this.current = null
    })
  }

  async close(): Promise<void> {
    await this.unlisten?.().catch(() => {})
    this.unlisten = null
  }

  private async load(): Promise<RestFlags> {
    const flags: RestFlags = { aggregates: this.config.dbAggregatesEnabled, plan: this.config.dbPlanEnabled }
    const rows = await this.db.query<{ name: string; value: string }>(ROLE_SETTINGS_SQL)
    // database-specific settings come last and win over the role-wide ones
    for (const { name, value } of rows.rows) {
      if (name === 'pgrst.db_aggregates_enabled') flags.aggregates = parseBool(value) ?? flags.aggregates
      if (name === 'pgrst.db_plan_enabled') flags.plan = parseBool(value) ?? flags.plan
    }
    return flags
  }
}
