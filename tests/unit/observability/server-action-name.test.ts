import { describe, expect, it } from 'vitest'
import { serverActionName } from '@/lib/monitoring/server-action'

// the shape of Next's server actions manifest (.next/server/server-reference-manifest.json), kept in
// memory by Next under Symbol.for('next.server.manifests')
const ID = '7f7bb23d95a50c377b2f7bbec6f972f1e7590337fb'
const manifest = {
  encryptionKey: 'k',
  node: {
    [ID]: { workers: { 'app/dashboard/[teamId]/props/page': { moduleId: 1, async: true } }, filename: 'lib/listings/actions.ts', exportedName: 'createListing' },
    '40aa00000000000000000000000000000000000001': { workers: {}, exportedName: '$$RSC_SERVER_ACTION_0', filename: 'app/page.tsx' },
    '40bb00000000000000000000000000000000000002': { workers: {}, exportedName: 42 },
  },
  edge: {},
}

describe('serverActionName', () => {
  it('names an action by its export and file', () => {
    expect(serverActionName(ID, manifest)).toEqual({ name: 'createListing', file: 'lib/listings/actions.ts' })
  })

  it('says an inline action is one, without its generated name', () => {
    expect(serverActionName('40aa00000000000000000000000000000000000001', manifest)).toEqual({ name: 'inline action', file: 'app/page.tsx' })
  })

  it('names nothing for a missing, malformed or unknown id, or a manifest it cannot read', () => {
    for (const id of [null, undefined, '', 'not-an-id', '__proto__', 'constructor', `${ID}/../x`, '40cc00000000000000000000000000000000000003']) {
      expect(serverActionName(id, manifest), String(id)).toBeNull()
    }
    expect(serverActionName('40bb00000000000000000000000000000000000002', manifest)).toBeNull()
    for (const broken of [null, undefined, {}, { node: null }, 'manifest', { node: [] }]) expect(serverActionName(ID, broken)).toBeNull()
  })

  it('outside a Next server (no manifest in memory) names nothing', () => {
    expect(serverActionName(ID)).toBeNull()
  })
})
