import { z } from 'zod'

/*
 * Field builders shared by the listing and agent schemas. Forms send strings (an empty box is ''),
 * code sends numbers and nulls; both arrive at the same output: trimmed text or null, a number or null.
 */

/** Any 8-4-4-4-12 hex id; a malformed one is refused before it reaches the database. */
export const idSchema = z.guid({ message: 'That id is not valid.' })

export function requiredText(what: string, max: number) {
  return z
    .string({ message: `Enter ${what}.` })
    .trim()
    .min(1, { message: `Enter ${what}.` })
    .max(max, { message: `Keep ${what} to ${max} characters or fewer.` })
}

/** Optional text: blank or missing becomes null (the default keeps the key optional in zod 4). */
export function optionalText(what: string, max: number) {
  return z
    .union([z.string(), z.null(), z.undefined()], { message: `Enter ${what} as text.` })
    .transform((v) => (typeof v === 'string' && v.trim() ? v.trim() : null))
    .pipe(z.string().max(max, { message: `Keep ${what} to ${max} characters or fewer.` }).nullable())
    .default(null)
}

/** Turns '' / null / undefined into null and numeric text (spaces and thousands commas allowed) into a number. */
export function toNumberOrNull(v: number | string | null | undefined): number | null {
  if (v === null || v === undefined) return null
  if (typeof v === 'number') return v
  const t = v.trim().replace(/[\s,]/g, '')
  return t === '' ? null : Number(t)
}

/** An optional number from a form box or code; `build` adds the range checks. */
export function optionalNumber(what: string, build: (n: z.ZodNumber) => z.ZodType<number, number>) {
  return z
    .union([z.number(), z.string(), z.null(), z.undefined()], { message: `Enter ${what} as a number.` })
    .transform(toNumberOrNull)
    .pipe(build(z.number({ message: `Enter ${what} as a number.` })).nullable())
    .default(null)
}

/** A choice from a fixed list, with a message that names the choices. */
export function choice<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.enum(values, { message })
}
