// Runs the lints on a database and compares the findings with the reviewed allowlist
// (supabase/lint-allowlist.toml). docs/security.md#the-database-linter
import { readFileSync } from 'node:fs'
import { parse } from 'smol-toml'
import { z } from 'zod'
import type { Db } from '../local/db.ts'
import { remediationUrl, type Finding, type LintDef } from './lint.ts'
import { PERFORMANCE_LINTS } from './performance.ts'
import { MORE_SECURITY_LINTS } from './security-more.ts'
import { SECURITY_LINTS } from './security.ts'

export const LINTS: LintDef[] = [...SECURITY_LINTS, ...MORE_SECURITY_LINTS, ...PERFORMANCE_LINTS]

const Row = z.object({
  detail: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  cache_key: z.string().min(1),
})

/** Every finding of every lint, lint by lint in LINTS order. `exposedSchemas`: `[api] schemas`. */
export async function runLints(db: Pick<Db, 'query'>, exposedSchemas: string[], lints: LintDef[] = LINTS): Promise<Finding[]> {
  const findings: Finding[] = []
  for (const lint of lints) {
    const params = lint.sql.includes('$1') ? [exposedSchemas] : []
    let rows: unknown[]
    try {
      rows = (await db.query(lint.sql, params)).rows
    } catch (err) {
      throw new Error(`lint ${lint.name} failed: ${(err as Error).message}`)
    }
    for (const raw of rows) {
      const row = Row.parse(raw)
      findings.push({
        name: lint.name,
        title: lint.title,
        level: lint.level,
        facing: lint.facing,
        categories: lint.categories,
        description: lint.description,
        detail: row.detail,
        remediation: remediationUrl(lint),
        metadata: row.metadata,
        cache_key: row.cache_key,
      })
    }
  }
  return findings
}

const Allowlist = z.object({
  allow: z.record(z.string().min(1), z.string().trim().min(10, 'each entry needs a one-line reason').refine((s) => !s.includes('\n'), 'one line')),
})

/** The reviewed findings: cache_key → why it is acceptable. */
export function readAllowlist(file: string): Map<string, string> {
  const parsed = Allowlist.safeParse(parse(readFileSync(file, 'utf8')))
  if (!parsed.success) {
    throw new Error(`${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`)
  }
  return new Map(Object.entries(parsed.data.allow))
}

export interface Review {
  /** findings nobody has reviewed: fail */
  unreviewed: Finding[]
  /** allowlist entries that match no finding any more: fail (remove them) */
  stale: string[]
}

export function review(findings: Finding[], allow: Map<string, string>): Review {
  const seen = new Set(findings.map((f) => f.cache_key))
  return {
    unreviewed: findings.filter((f) => !allow.has(f.cache_key)),
    stale: [...allow.keys()].filter((k) => !seen.has(k)),
  }
}

/** A TOML key, quoted as the allowlist writes it. */
export function tomlKey(key: string): string {
  return JSON.stringify(key)
}

/** What a reviewer reads when the check fails: each finding, and the exact lines to add or remove. */
export function reviewReport(r: Review, file: string): string {
  const out: string[] = []
  if (r.unreviewed.length) {
    out.push(`${r.unreviewed.length} database lint finding(s) not in ${file}:`, '')
    for (const f of r.unreviewed) {
      out.push(`  ${f.level} ${f.name} [${f.categories.join(', ')}]`, `    ${f.detail}`, `    ${f.remediation}`)
    }
    out.push('', `Fix each one in a migration, or, once reviewed, add under [allow] in ${file} (write the real reason):`, '')
    for (const f of r.unreviewed) out.push(`${tomlKey(f.cache_key)} = "TODO: why this is safe"`)
  }
  if (r.stale.length) {
    if (out.length) out.push('')
    out.push(`${r.stale.length} ${r.stale.length === 1 ? 'entry' : 'entries'} in ${file} ${r.stale.length === 1 ? 'matches' : 'match'} no finding any more; remove ${r.stale.length === 1 ? 'this line' : 'these lines'}:`, '')
    for (const k of r.stale) out.push(tomlKey(k))
  }
  return out.join('\n')
}
