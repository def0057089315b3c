// `npm run db:types` — TypeScript types for the public schema, generated from supabase/migrations.
// Boots the stand-in's Postgres (PGlite) in memory, applies bootstrap + migrations, reads pg_catalog
// and prints the same `Database` shape `supabase gen types typescript` emits, so
// `createClient<Database>()` types every query. `--check` exits 1 when lib/database.types.ts is stale.
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { PGlite } from '@electric-sql/pglite'
import { applyMigrations, bootstrap, migrationFiles, openPGlite, requestedExtensions } from '../supabase/local/db.ts'
import { introspect, type Catalog, type Column, type PgFunction, type PgType } from './gen-types-catalog.ts'
import { HELPERS } from './gen-types-helpers.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const TYPES_FILE = path.join(root, 'lib', 'database.types.ts')
const MIGRATIONS_DIR = path.join(root, 'supabase', 'migrations')
const SCHEMA = 'public'
/** what the stand-in's REST API mimics; enables the PostgREST 13+ typings (spreads, maxAffected) */
const POSTGREST_VERSION = '14.1'

const STRING_TYPES = new Set([
  'bytea', 'bpchar', 'varchar', 'date', 'text', 'citext', 'time', 'timetz', 'timestamp', 'timestamptz',
  'uuid', 'vector', 'interval', 'inet', 'cidr', 'macaddr', 'name',
])
const NUMBER_TYPES = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid'])

const q = (s: string) => JSON.stringify(s)
/** object keys as prettier prints them: bare when they are identifiers */
const k = (s: string) => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(s) ? s : q(s))
const indent = (text: string, by: number) =>
  text.split('\n').map((line) => (line ? ' '.repeat(by) + line : line)).join('\n')
const block = (entries: string[]) => (entries.length === 0 ? '{\n  [_ in never]: never\n}' : `{\n${indent(entries.join('\n'), 2)}\n}`)

function tsType(cat: Catalog, oid: number): string {
  const t: PgType | undefined = cat.types.get(oid)
  if (!t) return 'unknown'
  if (t.elem !== 0 && t.category === 'A') {
    const inner = tsType(cat, t.elem)
    return /[|&]/.test(inner) ? `(${inner})[]` : `${inner}[]`
  }
  if (t.kind === 'd') return tsType(cat, t.baseType)
  if (t.name === 'bool') return 'boolean'
  if (NUMBER_TYPES.has(t.name)) return 'number'
  if (STRING_TYPES.has(t.name)) return 'string'
  if (t.name === 'json' || t.name === 'jsonb') return 'Json'
  if (t.name === 'void') return 'undefined'
  if (t.name === 'record') return 'Record<string, unknown>'
  if (t.kind === 'e') {
    return t.schema === SCHEMA ? `Database[${q(SCHEMA)}]["Enums"][${q(t.name)}]` : t.enumLabels.map(q).join(' | ')
  }
  if (t.kind === 'c' && t.schema === SCHEMA) {
    const rel = cat.relations.find((r) => r.oid === t.relid)
    if (rel?.kind === 'table') return `Database[${q(SCHEMA)}]["Tables"][${q(rel.name)}]["Row"]`
    if (rel?.kind === 'view') return `Database[${q(SCHEMA)}]["Views"][${q(rel.name)}]["Row"]`
    if (rel?.kind === 'composite') return `Database[${q(SCHEMA)}]["CompositeTypes"][${q(t.name)}]`
  }
  return 'unknown'
}

const nullable = (type: string, isNullable: boolean) => (isNullable ? `${type} | null` : type)

function rowFields(cat: Catalog, columns: Column[]): string[] {
  return columns.map((c) => `${k(c.name)}: ${nullable(tsType(cat, c.typeOid), c.nullable)}`)
}

function insertFields(cat: Catalog, columns: Column[]): string[] {
  return columns.map((c) => {
    if (c.identityAlways) return `${k(c.name)}?: never`
    const optional = c.nullable || c.hasDefault || c.identity
    return `${k(c.name)}${optional ? '?' : ''}: ${nullable(tsType(cat, c.typeOid), c.nullable)}`
  })
}

function updateFields(cat: Catalog, columns: Column[]): string[] {
  return columns.map((c) =>
    c.identityAlways ? `${k(c.name)}?: never` : `${k(c.name)}?: ${nullable(tsType(cat, c.typeOid), c.nullable)}`,
  )
}

function relationships(cat: Catalog, relOid: number): string {
  const items = cat.foreignKeys
    .filter((fk) => fk.relOid === relOid)
    .map((fk) =>
      [
        '{',
        `  foreignKeyName: ${q(fk.name)}`,
        `  columns: [${fk.columns.map(q).join(', ')}]`,
        `  isOneToOne: ${fk.oneToOne}`,
        `  referencedRelation: ${q(fk.referencedRelation)}`,
        `  referencedColumns: [${fk.referencedColumns.map(q).join(', ')}]`,
        '},',
      ].join('\n'),
    )
  return items.length === 0 ? 'Relationships: []' : `Relationships: [\n${indent(items.join('\n'), 2)}\n]`
}

function functionArgs(cat: Catalog, fn: PgFunction): string {
  const inArgs = fn.args.filter((a) => a.mode === 'i' || a.mode === 'b' || a.mode === 'v')
  if (inArgs.length === 0) return 'never'
  const fields = [...inArgs]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((a) => `${k(a.name)}${a.hasDefault ? '?' : ''}: ${tsType(cat, a.typeOid)}`)
  return block(fields)
}

function functionReturns(cat: Catalog, fn: PgFunction): string {
  const tableArgs = fn.args.filter((a) => a.mode === 't')
  let type: string
  if (tableArgs.length > 0) {
    type = block(tableArgs.map((a) => `${k(a.name)}: ${tsType(cat, a.typeOid)}`))
  } else {
    const t = cat.types.get(fn.returnType)
    const rel = t && t.relid ? cat.relations.find((r) => r.oid === t.relid && r.kind !== 'composite') : undefined
    type = rel ? block(rowFields(cat, rel.columns)) : tsType(cat, fn.returnType)
  }
  return fn.returnsSet ? `${type.includes('\n') || /[|&]/.test(type) ? `(${type})` : type}[]` : type
}

export function renderDatabaseTypes(cat: Catalog): string {
  const tables = cat.relations.filter((r) => r.kind === 'table')
  const views = cat.relations.filter((r) => r.kind === 'view')
  const composites = cat.relations.filter((r) => r.kind === 'composite')

  const tableEntries = tables.map((t) =>
    [
      `${k(t.name)}: {`,
      indent(`Row: ${block(rowFields(cat, t.columns))}`, 2),
      indent(`Insert: ${block(insertFields(cat, t.columns))}`, 2),
      indent(`Update: ${block(updateFields(cat, t.columns))}`, 2),
      indent(relationships(cat, t.oid), 2),
      '}',
    ].join('\n'),
  )
  const viewEntries = views.map((v) =>
    [
      `${k(v.name)}: {`,
      indent(`Row: ${block(rowFields(cat, v.columns))}`, 2),
      ...(v.updatable
        ? [
            indent(`Insert: ${block(v.columns.map((c) => `${k(c.name)}?: ${c.updatable ? `${tsType(cat, c.typeOid)} | null` : 'never'}`))}`, 2),
            indent(`Update: ${block(v.columns.map((c) => `${k(c.name)}?: ${c.updatable ? `${tsType(cat, c.typeOid)} | null` : 'never'}`))}`, 2),
          ]
        : []),
      indent(relationships(cat, v.oid), 2),
      '}',
    ].join('\n'),
  )
  const byName = new Map<string, PgFunction[]>()
  for (const fn of cat.functions) byName.set(fn.name, [...(byName.get(fn.name) ?? []), fn])
  const functionEntries = [...byName.entries()].map(([name, fns]) =>
    [
      `${k(name)}: {`,
      indent(`Args: ${fns.map((fn) => functionArgs(cat, fn)).join(' | ')}`, 2),
      indent(`Returns: ${functionReturns(cat, fns[0])}`, 2),
      '}',
    ].join('\n'),
  )
  const enumEntries = cat.enums.map((e) => `${k(e.name)}: ${e.labels.map(q).join(' | ')}`)
  const compositeEntries = composites.map(
    (c) => `${k(c.name)}: ${block(c.columns.map((col) => `${k(col.name)}: ${tsType(cat, col.typeOid)} | null`))}`,
  )

  const schema = [
    `Tables: ${block(tableEntries)}`,
    `Views: ${block(viewEntries)}`,
    `Functions: ${block(functionEntries)}`,
    `Enums: ${block(enumEntries)}`,
    `CompositeTypes: ${block(compositeEntries)}`,
  ].join('\n')
  const constants = `export const Constants = {\n  ${SCHEMA}: {\n    Enums: {${
    cat.enums.length === 0
      ? ''
      : `\n${cat.enums.map((e) => `      ${e.name}: [${e.labels.map(q).join(', ')}],`).join('\n')}\n    `
  }},\n  },\n} as const\n`

  return `${HEADER}export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: ${q(POSTGREST_VERSION)}
  }
  ${SCHEMA}: {
${indent(schema, 4)}
  }
}
${HELPERS}
${constants}`
}

export async function generateDatabaseTypes(migrationsDir = MIGRATIONS_DIR): Promise<string> {
  const files = await migrationFiles(migrationsDir)
  const texts = await Promise.all(files.map((f) => readFile(path.join(migrationsDir, f), 'utf8')))
  const db: PGlite = await openPGlite({ dataDir: null, extensions: requestedExtensions(texts) })
  try {
    await bootstrap(db)
    await applyMigrations(db, migrationsDir)
    return renderDatabaseTypes(await introspect(db, SCHEMA))
  } finally {
    await db.close()
  }
}

/** true when lib/database.types.ts matches the migrations */
export async function databaseTypesAreCurrent(): Promise<boolean> {
  const [expected, actual] = await Promise.all([generateDatabaseTypes(), readFile(TYPES_FILE, 'utf8').catch(() => '')])
  return expected === actual
}

const HEADER = `// Generated by scripts/gen-types.ts from supabase/migrations — do not edit; run \`npm run db:types\`.
export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

`

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const check = process.argv.includes('--check')
  const text = await generateDatabaseTypes()
  const current = await readFile(TYPES_FILE, 'utf8').catch(() => '')
  if (check) {
    if (text !== current) {
      console.error('lib/database.types.ts is out of date with supabase/migrations; run `npm run db:types`.')
      process.exit(1)
    }
    console.log('lib/database.types.ts matches the migrations.')
  } else if (text === current) {
    console.log('lib/database.types.ts is already up to date.')
  } else {
    await writeFile(TYPES_FILE, text)
    console.log(`wrote ${path.relative(process.cwd(), TYPES_FILE)}`)
  }
}
