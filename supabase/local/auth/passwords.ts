import bcrypt from 'bcryptjs'
import type { AuthSettings } from '../config.ts'
import { errors } from './errors.ts'

/** GoTrue's cost. */
const COST = 10

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, COST)
}

/**
 * bcryptjs reads `$2a$`/`$2b$`/`$2y$` hashes of any cost, which covers seed files that insert
 * users with pgcrypto's `crypt(pw, gen_salt('bf'))`.
 */
export async function passwordMatches(password: string, hash: string | null): Promise<boolean> {
  if (!hash || !hash.startsWith('$2')) return false
  try {
    return await bcrypt.compare(password, hash)
  } catch {
    return false
  }
}

export function checkPasswordStrength(password: string, settings: AuthSettings): void {
  if ([...password].length < settings.minPasswordLength) throw errors.weakPassword(settings.minPasswordLength)
}
