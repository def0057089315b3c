import { describe, expect, it } from 'vitest'
import { signablePath, storagePathOk } from '../../../lib/media/signable.ts'
import { isMediaRef, refInsideTeam, refsOutsideTeam } from '../../../lib/videos/media-refs.ts'
import type { VideoProps } from '../../../remotion/schema.ts'
import { FINE_SUFFIXES, HOSTILE_SUFFIXES } from '../../helpers/hostile-paths.ts'

// Issue 24 item 1: the one gate before the service key signs (the share page, the render worker,
// Lambda). A path is judged as written, never decoded; the database holds the same rule (the
// integration test tests/integration/app/paths-decoded.test.ts asks both about every payload).

const TEAM = '11111111-1111-4111-8111-111111111111'
const OTHER = '22222222-2222-4222-8222-222222222222'

describe('signablePath', () => {
  it('answers a clean path inside the folder', () => {
    for (const suffix of FINE_SUFFIXES) expect(signablePath(`${TEAM}/${suffix}`, TEAM), suffix).toBe(`${TEAM}/${suffix}`)
    expect(signablePath(`trials/${OTHER}/photos/u/a.jpg`, `trials/${OTHER}`)).toBe(`trials/${OTHER}/photos/u/a.jpg`)
  })

  it.each(HOSTILE_SUFFIXES)('refuses %j after the folder', (suffix) => {
    expect(signablePath(`${TEAM}/${suffix}`, TEAM)).toBeNull()
    expect(storagePathOk(`${TEAM}/${suffix}`, TEAM)).toBe(false)
  })

  it('refuses another folder, a folder that merely starts the same, the folder itself, no folder and no path', () => {
    expect(signablePath(`${OTHER}/x.jpg`, TEAM)).toBeNull()
    expect(signablePath(`${TEAM}x/y.jpg`, TEAM)).toBeNull()
    expect(signablePath(`${TEAM}/`, TEAM)).toBeNull()
    expect(signablePath(TEAM, TEAM)).toBeNull()
    expect(signablePath(`${TEAM}/x.jpg`, null)).toBeNull()
    expect(signablePath(`/x.jpg`, '')).toBeNull()
    expect(signablePath(null, TEAM)).toBeNull()
    expect(signablePath(`${TEAM}/${'a'.repeat(1024)}`, TEAM)).toBeNull()
  })
})

describe('media references are judged the same way', () => {
  it('reads "media:" followed by anything but a space as a reference, as the database does', () => {
    expect(isMediaRef(`media:${TEAM}/a.jpg`)).toBe(true)
    expect(isMediaRef(`media:\t${OTHER}/a.jpg`)).toBe(true)
    expect(isMediaRef(`media:\n${OTHER}/a.jpg`)).toBe(true)
    expect(isMediaRef('media: coverage')).toBe(false)
    expect(isMediaRef('media:')).toBe(false)
  })

  it.each([
    ...HOSTILE_SUFFIXES.map((s) => `media:${TEAM}/${s}`),
    `media:${TEAM}/%2e%2e/${OTHER}/x.jpg`,
    `media:${TEAM}/%2e%2e/%2e%2e/renders/${OTHER}/renders/r/video.mp4`,
    `media:\t${OTHER}/x.jpg`,
  ])('finds %j outside the team', (ref) => {
    expect(refInsideTeam(ref, TEAM)).toBe(false)
    const props = { listing: {}, scenes: [{ id: 's', src: `media:${TEAM}/a.jpg` }], agent: { fullName: 'A', photoSrc: ref } } as unknown as VideoProps
    expect(refsOutsideTeam(props, TEAM)).toEqual([ref])
  })
})
