import { describe, expect, it } from 'vitest'
import { mediaUrlSwapper } from '@/lib/videos/media-refs'
import { timelineFor } from '@/remotion/catalog'
import { cardPlan } from '@/remotion/scenes/cards'
import { sampleListing } from '@/remotion/sample-listing'
import type { VideoProps } from '@/remotion/schema'
import { sectionMemo } from '@/components/editor/section-memo'
import type { EditorDoc } from '@/components/editor/doc'

// The editor's keystroke path (npm run bench:editor-profile): what an edit leaves alone is reused.

const TEAM = '11111111-1111-4111-8111-111111111111'
const props = (): VideoProps =>
  ({
    listing: sampleListing,
    scenes: [
      { id: 's1', src: `media:${TEAM}/p/1.jpg`, caption: 'One' },
      { id: 's2', src: `media:${TEAM}/p/2.jpg`, caption: 'Two' },
    ],
    music: { src: `media:${TEAM}/audio/m.mp3`, volume: 0.5 },
  }) as VideoProps
const urls = { [`media:${TEAM}/p/1.jpg`]: 'https://signed/1.jpg', [`media:${TEAM}/p/2.jpg`]: 'https://signed/2.jpg', [`media:${TEAM}/audio/m.mp3`]: 'https://signed/m.mp3' }

describe('caches behind the editor keystroke', () => {
  it('the URL swap renews only the objects an edit changed', () => {
    const swap = mediaUrlSwapper(urls)
    const before = props()
    const after: VideoProps = { ...before, scenes: [{ ...before.scenes[0], caption: 'One!' }, before.scenes[1]] }
    const a = swap(before)
    const b = swap(after)
    expect(a.scenes[0].src).toBe('https://signed/1.jpg')
    expect(b.scenes[0]).not.toBe(a.scenes[0])
    expect(b.scenes[0].caption).toBe('One!')
    expect(b.scenes[1]).toBe(a.scenes[1])
    expect(b.music).toBe(a.music)
    expect(b.music?.src).toBe('https://signed/m.mp3')
    // a new URL set converts afresh
    expect(mediaUrlSwapper({})(before).scenes[0].src).toBe(`media:${TEAM}/p/1.jpg`)
  })

  it('one timeline per props object, one card plan per listing', () => {
    const p = props()
    expect(timelineFor('classic-tour', p)).toBe(timelineFor('classic-tour', p))
    expect(timelineFor('classic-tour', { ...p })).toEqual(timelineFor('classic-tour', p))
    expect(timelineFor('social-reel', p)).not.toBe(timelineFor('classic-tour', p))
    expect(cardPlan(p)).toBe(cardPlan({ listing: p.listing, show: p.show, locale: p.locale }))
    expect(cardPlan({ ...p, show: { facts: false } }).facts).toEqual([])
  })

  it('a section skips a render when only the scenes changed, unless it reads them', () => {
    const View = () => null
    const blind = sectionMemo(View) as unknown as { compare: (a: object, b: object) => boolean }
    const reads = sectionMemo(View, (scenes) => scenes.length > 1) as unknown as { compare: (a: object, b: object) => boolean }
    const doc = { title: 'T', template: 'classic-tour', format: 'landscape', voiceId: null, props: props() } as unknown as EditorDoc
    const typed = { ...doc, props: { ...doc.props, scenes: [{ ...doc.props.scenes[0], caption: 'x' }, doc.props.scenes[1]] } }
    const retitled = { ...doc, title: 'New' }
    const fewer = { ...doc, props: { ...doc.props, scenes: [doc.props.scenes[0]] } }
    const onPick = () => {}
    expect(blind.compare({ doc, onPick }, { doc: typed, onPick })).toBe(true)
    expect(blind.compare({ doc, onPick }, { doc: retitled, onPick })).toBe(false)
    expect(blind.compare({ doc, onPick }, { doc, onPick: () => {} })).toBe(false)
    expect(reads.compare({ doc }, { doc: typed })).toBe(true)
    expect(reads.compare({ doc }, { doc: fewer })).toBe(false)
  })
})
