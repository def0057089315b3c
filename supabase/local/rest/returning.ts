import type { ParsedQuery } from './ast.ts'
import type { Table } from './catalogue.ts'
import type { BuildContext } from './read.ts'
import { findRelationship } from './relationships.ts'
import { ident } from './sql.ts'

/**
 * The RETURNING list of a mutation with `return=representation`, as PostgREST infers it
 * (Plan.hs inferColsEmbedNeeds): the selected columns, the columns the embeds join on and the
 * primary key, so a role with column-level SELECT grants gets its rows back. `*` in the select,
 * a computed field or a computed relationship returns the whole row.
 */
export function returningColumns(ctx: BuildContext, table: Table, query: ParsedQuery): string[] | '*' {
  const all = '*'
  const names = new Set<string>()
  for (const item of query.select) {
    if (item.kind === 'star') return all
    if (item.kind === 'field') {
      if (!table.columns.has(item.field.name)) return all
      names.add(item.field.name)
      continue
    }
    const rel = findRelationship(ctx.cat, table, item.relation, item.hint)
    if (!rel || rel.fn) return all
    for (const [column] of rel.junction ? rel.junction.source : rel.columns) names.add(column)
  }
  for (const term of ctx.scopes.get('')?.order ?? []) {
    if (!term.relation && table.columns.has(term.field.name)) names.add(term.field.name)
  }
  for (const column of table.primaryKey) names.add(column)
  return names.size ? [...names] : all
}

/** `alias.*` or `alias."a", alias."b"` for the columns a mutation returns. */
export function returningSql(ctx: BuildContext, table: Table, query: ParsedQuery, alias: string): string {
  const cols = returningColumns(ctx, table, query)
  return cols === '*' ? `${alias}.*` : cols.map((c) => `${alias}.${ident(c)}`).join(', ')
}
