import { key, type Table } from './catalogue.ts'
import { RestError } from './errors.ts'
import { ReloadCatalogue, type BuildContext } from './read.ts'

/** The table as the (possibly reloaded) catalogue of this build attempt has it. */
export function tableIn(ctx: BuildContext, schema: string, name: string): Table {
  const t = ctx.cat.tables.get(key(schema, name))
  if (!t) throw new ReloadCatalogue()
  return t
}

export function parseBody(raw: Buffer): unknown {
  const text = raw.toString('utf8')
  try {
    if (text.trim() === '') throw new Error('empty')
    return JSON.parse(text)
  } catch {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json')
  }
}

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
