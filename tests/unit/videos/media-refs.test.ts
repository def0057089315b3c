import { describe, expect, it } from 'vitest'
import {
  collectMediaRefs,
  isMediaRef,
  mediaRef,
  refInsideTeam,
  refPath,
  refsOutsideTeam,
  withMediaUrls,
} from '../../../lib/videos/media-refs.ts'
import type { VideoProps } from '../../../remotion/schema.ts'
import { OTHER_TEAM, TEAM } from './fixtures.ts'

const photo = (name: string, team = TEAM) => mediaRef(`${team}/listings/l1/${name}.jpg`)

function props(overrides: Partial<VideoProps> = {}): VideoProps {
  return {
    listing: { address: { line: '1 Road' }, offer: 'sale', propertyType: 'house' },
    scenes: [
      { id: 's1', src: photo('front'), caption: 'media: coverage of the front' },
      { id: 's2', src: '/remotion/samples/kitchen.jpg' },
      { id: 's3', src: photo('front') },
    ],
    agent: { fullName: 'Ann', photoSrc: photo('ann'), logoSrc: 'https://cdn.example/logo.png' },
    music: { src: mediaRef(`${TEAM}/audio/u/song.mp3`), volume: 0.6 },
    ...overrides,
  }
}

describe('media refs', () => {
  it('round-trips a storage path', () => {
    const ref = mediaRef(`${TEAM}/a/b.jpg`)
    expect(ref).toBe(`media:${TEAM}/a/b.jpg`)
    expect(isMediaRef(ref)).toBe(true)
    expect(refPath(ref)).toBe(`${TEAM}/a/b.jpg`)
    expect(refPath('/remotion/x.jpg')).toBe('/remotion/x.jpg')
    expect(isMediaRef('media:')).toBe(false)
    expect(isMediaRef('/remotion/x.jpg')).toBe(false)
    expect(isMediaRef(undefined)).toBe(false)
  })

  it('collects each ref of the media fields once, in order, and never reads captions as refs', () => {
    expect(collectMediaRefs(props())).toEqual([photo('front'), photo('ann'), mediaRef(`${TEAM}/audio/u/song.mp3`)])
    expect(collectMediaRefs(null)).toEqual([])
  })

  it('swaps known refs for URLs and leaves unknown refs and public sources alone', () => {
    const urls = { [photo('front')]: 'https://signed/front?token=1', [photo('ann')]: 'https://signed/ann' }
    const out = withMediaUrls(props(), urls)
    expect(out.scenes.map((s) => s.src)).toEqual(['https://signed/front?token=1', '/remotion/samples/kitchen.jpg', 'https://signed/front?token=1'])
    expect(out.scenes[0].caption).toBe('media: coverage of the front')
    expect(out.agent).toMatchObject({ photoSrc: 'https://signed/ann', logoSrc: 'https://cdn.example/logo.png' })
    // no URL for the music: the ref stays and the component shows nothing instead of a broken request
    expect(out.music?.src).toBe(mediaRef(`${TEAM}/audio/u/song.mp3`))
    expect(out.agent?.fullName).toBe('Ann')
  })

  it('does not change the props it was given', () => {
    const before = props()
    const copy = structuredClone(before)
    withMediaUrls(before, { [photo('front')]: 'https://signed/front' })
    expect(before).toEqual(copy)
  })

  it('keeps a null agent and music null', () => {
    const out = withMediaUrls(props({ agent: null, music: null }), {})
    expect(out.agent).toBeNull()
    expect(out.music).toBeNull()
  })

  it('finds refs outside the team folder, including climbing out with ..', () => {
    expect(refsOutsideTeam(props(), TEAM)).toEqual([])
    const sneaky = props({
      scenes: [
        { id: 'a', src: photo('theirs', OTHER_TEAM) },
        { id: 'b', src: mediaRef(`${TEAM}/../${OTHER_TEAM}/x.jpg`) },
        { id: 'c', src: mediaRef(`${TEAM}/`) },
        { id: 'd', src: mediaRef(`${TEAM}x/y.jpg`) },
      ],
    })
    expect(refsOutsideTeam(sneaky, TEAM)).toEqual([
      photo('theirs', OTHER_TEAM),
      mediaRef(`${TEAM}/../${OTHER_TEAM}/x.jpg`),
      mediaRef(`${TEAM}/`),
      mediaRef(`${TEAM}x/y.jpg`),
    ])
    expect(refInsideTeam(photo('mine'), TEAM)).toBe(true)
  })
})
