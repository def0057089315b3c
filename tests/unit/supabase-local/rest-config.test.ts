import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiSettingsFromToml } from '../../../supabase/local/config-file.ts'
import { resolveConfig } from '../../../supabase/local/config.ts'
import { ownParameters } from '../../../supabase/local/rest/count.ts'
import { preferenceApplied, readPrefs } from '../../../supabase/local/rest/prefs.ts'
import { readRange } from '../../../supabase/local/rest/respond.ts'

describe('[api] of config.toml', () => {
  let dir: string
  const file = (name: string) => path.join(dir, name)
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'api-config-'))
    await writeFile(file('ok.toml'), '[api]\nenabled = true\nschemas = ["public", "inventory"]\nmax_rows = 50\n')
    await writeFile(file('bad.toml'), '[api]\nschemas = "public"\n')
    await writeFile(file('none.toml'), '[auth]\nsite_url = "http://x.test"\n')
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  it('reads schemas and max_rows, and nothing when the section is absent', () => {
    expect(apiSettingsFromToml(file('ok.toml'))).toEqual({ schemas: ['public', 'inventory'], maxRows: 50 })
    expect(apiSettingsFromToml(file('none.toml'))).toEqual({})
    expect(apiSettingsFromToml(file('missing.toml'))).toEqual({})
  })

  it('refuses a schemas value that is not a list of names', () => {
    expect(() => apiSettingsFromToml(file('bad.toml'))).toThrow(/\[api\]: schemas/)
  })

  it('layers the CLI defaults, the file, then the api option', async () => {
    const defaults = await resolveConfig({ configFile: null, env: {} })
    expect(defaults).toMatchObject({ exposedSchemas: ['public', 'graphql_public'], maxRows: 1000 })
    const fromFile = await resolveConfig({ configFile: file('ok.toml'), env: {} })
    expect(fromFile).toMatchObject({ exposedSchemas: ['public', 'inventory'], maxRows: 50 })
    const overridden = await resolveConfig({ configFile: file('ok.toml'), api: { schemas: ['inventory'] }, env: {} })
    expect(overridden).toMatchObject({ exposedSchemas: ['inventory'], maxRows: 50 })
  })
})

describe('rest Prefer handling', () => {
  it('echoes only valid preferences that apply, in PostgREST order', () => {
    const p = readPrefs({ count: 'exact', return: 'representation', resolution: 'merge-duplicates', missing: 'default', handling: 'strict', 'max-affected': '5' })
    expect(preferenceApplied(p, 'create', true)['Preference-Applied']).toBe('resolution=merge-duplicates, missing=default, return=representation, count=exact, handling=strict')
    expect(preferenceApplied(p, 'create', false)['Preference-Applied']).toBe('missing=default, return=representation, count=exact, handling=strict')
    expect(preferenceApplied(p, 'delete')['Preference-Applied']).toBe('return=representation, count=exact, handling=strict, max-affected=5')
    expect(preferenceApplied(p, 'read')['Preference-Applied']).toBe('count=exact, handling=strict')
    expect(preferenceApplied(readPrefs({ count: 'lots', return: 'everything' }), 'update')).toEqual({})
  })

  it('formats Content-Range as RangeQuery.contentRangeH does', () => {
    expect(readRange(0, 10, 57)).toBe('0-9/57')
    expect(readRange(0, 10, null)).toBe('0-9/*')
    expect(readRange(57, 0, 57)).toBe('*/57')
    expect(readRange(0, 0, null)).toBe('*/*')
    expect(readRange(0, 0, 0)).toBe('*/0')
  })

  it('keeps only the parameters a sub-statement uses, renumbered, leaving quoted text alone', () => {
    const sql = `select 1 from "t" as "_0" where "_0"."$2" = $3 and "_0".a->>$5::text = '$1' and b = $3`
    expect(ownParameters(sql, ['a', 'b', 'c', 'd', 'e'])).toEqual({
      sql: `select 1 from "t" as "_0" where "_0"."$2" = $1 and "_0".a->>$2::text = '$1' and b = $1`,
      params: ['c', 'e'],
    })
  })
})
