import 'server-only'
import { createHash } from 'node:crypto'

/**
 * A short key for what a try page was drawn from: the page keys its form with it, so a page drawn
 * again with other data (Back, then a refresh: components/try/fresh-on-return.tsx) starts from that
 * data rather than from the state the form kept.
 */
export function stateKey(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value ?? null)).digest('base64url').slice(0, 16)
}
