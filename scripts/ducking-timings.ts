/**
 * The real narration clip lengths the ducking test holds each template to
 * (tests/unit/music/ducking-templates.test.ts): drafts a sample listing for each template (default
 * pacing, then 8-second scenes), speaks every line with four Flite voices through the app's own
 * synthesis (spoken forms, loudness normalisation) and prints the measured seconds per scene.
 * `npx tsx scripts/ducking-timings.ts` (offline, ~2 minutes).
 */
import { draftForVideo } from '../lib/narration/draft/index.ts'
import { localProvider } from '../lib/narration/local.ts'
import { synthesize } from '../lib/narration/speak.ts'
import { draftVideoProps, listingForVideo, narrationSource } from '../lib/videos/draft.ts'
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

const voices = ['slt', 'kal16', 'awb', 'rms']
for (const sceneSeconds of [undefined, 8]) {
  for (const template of TEMPLATE_IDS) {
    const props = draftVideoProps({ listing: row, photos: captions.map((caption, i) => ({ id: null, path: `t/p${i}.jpg`, caption })), agent: null, template, format: 'landscape', includeScripts: false })
    const draft = draftForVideo(narrationSource(row, listingForVideo(row), agent), template, props)
    for (const voice of voices) {
      const seconds: (number | null)[] = []
      for (const scene of draft.scenes) {
        seconds.push(scene.script ? (await synthesize(localProvider, scene.script, voice, { locale: draft.locale })).seconds : null)
      }
      console.log(`  { template: '${template}', scene: ${sceneSeconds ?? 'null'}, voice: '${voice}', clips: [${seconds.join(', ')}] },`)
    }
  }
}
