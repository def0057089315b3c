// Shared by the listing, agent and media tests: the app's cast (a team with owner, team admin and
// member; an outsider with their own team; a site admin; a visitor; the service key), typed clients
// for the logic modules, a valid listing, and real images made with sharp.
import sharp from 'sharp'
import type { Db } from '../../../lib/listings/refusal.ts'
import { must, type Cast, type Person } from '../app/cast.ts'

export { assembleCast, behind, must, type Cast, type Person } from '../app/cast.ts'

/** The logic modules take the typed client; the test clients are the same objects, untyped. */
export function db(person: Person): Db {
  return person.client as unknown as Db
}

export function listingInput(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Sunny harbour flat',
    addressLine: '1 Harbour Street',
    city: 'Sydney',
    country: 'AU',
    currency: 'AUD',
    price: 850000,
    bedrooms: 2,
    bathrooms: 1.5,
    ...overrides,
  }
}

/** A listing made straight through the API as `person` (the policy tests' raw material). */
export async function insertListing(person: Person, teamId: string, title = 'Row listing'): Promise<string> {
  const row = must(
    await person.client
      .from('listings')
      .insert({ team_id: teamId, title, address_line: '2 Test Road', city: 'Perth', country: 'AU', currency: 'AUD' })
      .select('id')
      .single(),
    `insert listing ${title}`,
  ) as { id: string }
  return row.id
}

export async function png(width = 64, height = 48, color = '#3366cc'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer()
}

export async function jpeg(width = 64, height = 48, orientation?: number): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: '#cc6633' } }).jpeg({ quality: 80 })
  return (orientation ? image.withMetadata({ orientation }) : image).toBuffer()
}

/** Whether an object exists, looked up behind the policies. */
export async function objectExists(cast: Cast, path: string): Promise<boolean> {
  const slash = path.lastIndexOf('/')
  const { data } = await cast.service.storage.from('media').list(path.slice(0, slash), { limit: 1000 })
  return (data ?? []).some((f) => f.name === path.slice(slash + 1))
}
