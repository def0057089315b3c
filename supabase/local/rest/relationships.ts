import { key, type Catalogue, type ForeignKey, type Table } from './catalogue.ts'
import { RestError } from './errors.ts'

/** How an embedded resource joins its parent, found from foreign keys as PostgREST does. */
export interface Relationship {
  cardinality: 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many'
  target: Table
  /** m2o: the parent's FK; o2m/o2o: the target's FK; m2m: the junction's FK to the parent */
  fk: ForeignKey
  /** m2m only */
  junction?: { table: Table; toTarget: ForeignKey }
  toOne: boolean
}

const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i])

function describe(parent: Table, r: Relationship): Record<string, string> {
  const cols = (t: string, c: string[]) => `${t}(${c.join(', ')})`
  let relationship: string
  if (r.junction) {
    relationship = `${r.junction.table.schema}.${r.junction.table.name} using ${r.fk.name}(${r.fk.columns.join(', ')}) and ${r.junction.toTarget.name}(${r.junction.toTarget.columns.join(', ')})`
  } else {
    relationship = `${r.fk.name} using ${cols(r.fk.table, r.fk.columns)} and ${cols(r.fk.refTable, r.fk.refColumns)}`
  }
  return { cardinality: r.cardinality, embedding: `${parent.name} with ${r.target.name}`, relationship }
}

function candidates(cat: Catalogue, parent: Table, target: Table): Relationship[] {
  const out: Relationship[] = []
  const isFrom = (fk: ForeignKey, t: Table) => fk.schema === t.schema && fk.table === t.name
  const isTo = (fk: ForeignKey, t: Table) => fk.refSchema === t.schema && fk.refTable === t.name
  for (const fk of cat.foreignKeys) {
    if (isFrom(fk, parent) && isTo(fk, target)) out.push({ cardinality: 'many-to-one', target, fk, toOne: true })
    if (isFrom(fk, target) && isTo(fk, parent)) {
      const keyed = [target.primaryKey, ...target.uniques].filter((k) => k.length > 0)
      const oneToOne = keyed.some((k) => same([...k].sort(), [...fk.columns].sort()))
      out.push({ cardinality: oneToOne ? 'one-to-one' : 'one-to-many', target, fk, toOne: oneToOne })
    }
  }
  for (const toParent of cat.foreignKeys) {
    if (!isTo(toParent, parent) || isFrom(toParent, parent) || isFrom(toParent, target)) continue
    const junction = cat.tables.get(key(toParent.schema, toParent.table))
    if (!junction) continue
    for (const toTarget of cat.foreignKeys) {
      if (toTarget !== toParent && isFrom(toTarget, junction) && isTo(toTarget, target)) {
        out.push({ cardinality: 'many-to-many', target, fk: toParent, junction: { table: junction, toTarget }, toOne: false })
      }
    }
  }
  return out
}

function matchesHint(r: Relationship, hint: string): boolean {
  if (r.fk.name === hint) return true
  if (r.junction) return r.junction.table.name === hint || r.junction.toTarget.name === hint
  if (r.fk.columns.length === 1 && r.fk.columns[0] === hint) return true
  return false
}

export function notFound(parent: Table, name: string, hint?: string): RestError {
  return new RestError(
    400,
    'PGRST200',
    `Could not find a relationship between '${parent.name}' and '${name}' in the schema cache`,
    `Searched for a foreign key relationship between '${parent.name}' and '${name}'${hint ? ` using the hint '${hint}'` : ''} in the schema '${parent.schema}', but no matches were found.`,
    null,
  )
}

/** The one relationship `parent → name[!hint]` names, or undefined when nothing matches (caller reloads). */
export function findRelationship(cat: Catalogue, parent: Table, name: string, hint?: string): Relationship | undefined {
  const target = cat.tables.get(key(parent.schema, name))
  if (!target) return undefined
  let found = candidates(cat, parent, target)
  if (hint) found = found.filter((r) => matchesHint(r, hint))
  // like PostgREST, a direct relationship wins over one through a junction table when not hinted
  if (found.length > 1 && !hint && found.some((r) => !r.junction)) found = found.filter((r) => !r.junction)
  if (found.length === 0) return undefined
  if (found.length > 1) {
    throw new RestError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${parent.name}' and '${name}'`,
      found.map((r) => describe(parent, r)),
      `Try changing '${name}' to one of the following: ${found.map((r) => `'${name}!${r.junction ? r.junction.table.name : r.fk.name}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
    )
  }
  return found[0]
}
