import { describe, expect, it } from 'vitest'
import { draftForVideo, type Draft } from '../../../lib/narration/draft/index.ts'
import { grammaticalNumber, withArticle } from '../../../lib/narration/draft/grammar.ts'
import { leftOutByTemplate } from '../../../lib/narration/draft/left-out.ts'
import { photoRoom } from '../../../lib/narration/draft/rooms.ts'
import { draftVideoProps, listingForVideo, narrationSource } from '../../../lib/videos/draft.ts'
import { TEMPLATE_IDS, type TemplateId } from '../../../remotion/catalog.ts'
import type { VideoProps } from '../../../remotion/schema.ts'
import { SAMPLES, type Sample } from './draft-samples.ts'

// Example drafts of the listings in docs/narration.md ("Drafts, before and after"), with the create
// page's defaults (Classic Tour).

function draftOf(sample: Sample, template: TemplateId = 'classic-tour'): { draft: Draft; props: VideoProps } {
  const props = draftVideoProps({ listing: sample.row, photos: sample.photos, agent: sample.agent, template, format: 'landscape', includeScripts: false })
  return { draft: draftForVideo(narrationSource(sample.row, listingForVideo(sample.row), sample.agent), template, props), props }
}
const byName = (start: string) => SAMPLES.find((s) => s.name.startsWith(start))!
const lines = (d: Draft) => d.scenes.map((s) => s.script)

describe('the sample listings', () => {
  it('London flat: says it is for rent and its best sentence, the walk to the station', () => {
    const { draft } = draftOf(byName('UK flat to rent'))
    const all = lines(draft).join(' ')
    expect(all).toMatch(/for rent at £1,650 a month|The rent is £1,650 a month/)
    expect(all).toContain('It is a five-minute walk from Camden Road station.')
    expect(all).not.toMatch(/Available from January/)
    expect(all).toMatch(/\bflat\b/) // en-GB says flat
  })

  it('Greenwich house: the pool on the pool photo, no fireplaces over the exterior, whole sentences', () => {
    const sample = byName('US house for sale')
    const { draft } = draftOf(sample)
    const at = (caption: string) => draft.scenes[sample.photos.findIndex((p) => p.caption === caption)].script
    expect(at('Pool at dusk')).toMatch(/heated pool/)
    expect(at('Front elevation')).not.toMatch(/fireplace/)
    expect(lines(draft).join(' ')).toMatch(/for sale at \$3,450,000|asking price is \$3,450,000/)
    expect(lines(draft).join(' ')).not.toMatch(/\ba floor-to-ceiling glass|Highlights include/)
    for (const line of lines(draft)) expect(line).not.toMatch(/(^|\. )[$\d][\d,.]*( sq ft| m²)?\./) // no "$3,450,000." or "320 m²." fragment
  })

  it('Cotswolds house: each feature a photo shows is said over that photo', () => {
    const sample = byName('UK country house')
    const { draft } = draftOf(sample)
    const at = (file: string) => draft.scenes[sample.photos.findIndex((p) => p.path.endsWith(file))].script
    expect(at('garden.jpg')).toMatch(/walled garden/)
    expect(at('tennis.jpg')).toMatch(/tennis court/)
    expect(at('stables.jpg')).toMatch(/stables/) // from the file name: the photo has no caption
    expect(at('kitchen-aga.jpg')).toMatch(/\baga\b/i)
  })

  it('closes differently from listing to listing, and the same way for one listing', () => {
    const closings = SAMPLES.map((s) => lines(draftOf(s).draft).at(-1)!.replace(s.agent?.full_name ?? '', 'NAME').replace(/ at [^.]+\./, '.').replace(/.*\. /, ''))
    expect(new Set(closings).size).toBeGreaterThanOrEqual(3)
    expect(draftOf(SAMPLES[0]).draft).toEqual(draftOf(SAMPLES[0]).draft)
  })

  it('names what it could not fit, per template, for the create page', () => {
    const sample = byName('US apartment to rent')
    const { draft } = draftOf(sample)
    expect(draft.left.map((l) => l.label)).toEqual(expect.arrayContaining(['Doorman', 'Exposed brick', 'the floor area (850 sq ft)']))
    const drafts = Object.fromEntries(TEMPLATE_IDS.map((t) => [t, draftOf(sample, t).props])) as Record<TemplateId, VideoProps>
    const left = leftOutByTemplate(sample.row, drafts, sample.agent)
    for (const t of TEMPLATE_IDS) expect(left[t]).toEqual(draftOf(sample, t).draft.left.map((l) => l.label))
    // a description sentence is quoted as written
    expect(draft.left.map((l) => l.label)).toContain('“Two blocks from the High Line and the 23rd Street subway.”')
  })
})

describe('grammar and rooms', () => {
  it.each([
    ['Gym', 'a Gym'], ['Open fireplace', 'an Open fireplace'], ['Two fireplaces', 'Two fireplaces'], ['Floor-to-ceiling glass', 'Floor-to-ceiling glass'],
    ['Secure parking', 'Secure parking'], ['Harbour views', 'Harbour views'], ['Three-car garage', 'a Three-car garage'], ['Double garage', 'a Double garage'],
    ['Exposed brick', 'Exposed brick'], ['Washer/dryer in unit', 'a Washer/dryer in unit'], ['Stables', 'Stables'], ['Terrace', 'a Terrace'],
    ['Underfloor heating', 'Underfloor heating'], ['Creek frontage', 'Creek frontage'], ['Smeg Appliances', 'Smeg Appliances'],
  ])('%s → %s', (feature, said) => {
    expect(withArticle(feature)).toBe(said)
  })

  it('knows plurals and uncountables', () => {
    expect(grammaticalNumber('Two fireplaces')).toBe('plural')
    expect(grammaticalNumber('Floor-to-ceiling glass')).toBe('mass')
    expect(grammaticalNumber('Glass')).toBe('mass')
    expect(grammaticalNumber('Bus stop')).toBe('singular')
    expect(grammaticalNumber('Washer/dryer in unit')).toBe('singular')
  })

  it('labels a photo from its caption, else its file name', () => {
    expect(photoRoom('Living room with fireplace', 'IMG_2041.jpg')).toBe('living')
    expect(photoRoom('Kitchen with 2 ovens', null)).toBe('kitchen')
    expect(photoRoom(null, 'bed1.jpg')).toBe('bedroom')
    expect(photoRoom(null, 'front-exterior.jpg')).toBe('exterior')
    expect(photoRoom(null, 'IMG_2077.jpg')).toBeUndefined()
    expect(photoRoom('Pool at dusk', 'kitchen.jpg')).toBe('pool')
  })
})
