/**
 * Does a drafted script fit its scene when Flite speaks it? Drafts a sample listing for each
 * template (default pacing, then 8-second scenes), speaks every line with each Flite voice and
 * prints the spoken words per second and the longest line's share of its scene's speech time.
 * `npx tsx scripts/narration-fit.ts` (docs/narration.md, "Script drafting"). Offline; ~1 minute.
 */
import { draftForVideo, speechSeconds, spokenWordCount } from '../lib/narration/draft/index.ts'
import { draftVideoProps, listingForVideo, narrationSource } from '../lib/videos/draft.ts'
import { fliteSpeak, type FliteVoice } from '../lib/voices/flite.ts'
import { TEMPLATE_IDS } from '../remotion/catalog.ts'

const row = {
  id: '5f0c8a52-8d0e-4a55-9b1a-2f3c4d5e6f70', title: 'Hillside modern with pool', address_line: '12 Ridge Road', city: 'Portland',
  region: 'OR', postal_code: '97205', country: 'US', offer: 'sale', price: 1250000, currency: 'USD', rent_period: null,
  property_type: 'house', bedrooms: 4, bathrooms: 2.5, floor_area: 2850, area_unit: 'sqft', year_built: 1998,
  features: ['Pool', 'Chef’s kitchen', 'Double garage', 'Solar panels'],
  description: 'A calm modern house above the city. It is a short walk to the park and the village cafés.',
}
const agent = { full_name: 'Maya Thompson', brokerage: 'Harbour Realty' } as Parameters<typeof narrationSource>[2]
const captions = ['Front of the house', 'Living room', 'Chef’s kitchen', 'Pool at dusk', 'Main bedroom', 'Garden']

function wavSeconds(wav: Buffer): number {
  let offset = 12
  while (offset < wav.length) {
    const id = wav.toString('ascii', offset, offset + 4)
    const size = wav.readUInt32LE(offset + 4)
    if (id === 'data') return size / wav.readUInt32LE(28)
    offset += 8 + size
  }
  return 0
}

const voices: FliteVoice[] = ['slt', 'kal16', 'awb', 'rms']
for (const sceneSeconds of [undefined, 8]) {
  for (const template of TEMPLATE_IDS) {
    const props = draftVideoProps({ listing: row, photos: captions.map((caption, i) => ({ id: null, path: `t/p${i}.jpg`, caption })), agent: null, template, format: 'landscape', includeScripts: false })
    if (sceneSeconds) props.scenes = props.scenes.map((s) => ({ ...s, seconds: sceneSeconds }))
    const draft = draftForVideo(narrationSource(row, listingForVideo(row), agent), template, props)
    const available = speechSeconds(template, props)
    for (const voice of voices) {
      let words = 0
      let seconds = 0
      let worst = 0
      for (const [i, scene] of draft.scenes.entries()) {
        if (!scene.script) continue
        const spoken = wavSeconds(await fliteSpeak(voice, scene.script))
        words += spokenWordCount(scene.script, draft.locale)
        seconds += spoken
        worst = Math.max(worst, spoken / available[i])
      }
      console.log(`${template.padEnd(13)} scenes ${sceneSeconds ? `${sceneSeconds} s` : 'default'} ${voice.padEnd(5)} ${(words / seconds).toFixed(2)} spoken words/s, longest line ${(worst * 100).toFixed(0)} % of its scene's speech time${draft.omitted.length ? `, left out: ${draft.omitted.join(', ')}` : ''}`)
    }
    if (voices.length) console.log(draft.scenes.map((s, i) => `  ${i + 1}. ${s.script}`).join('\n'))
  }
}
