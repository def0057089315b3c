/**
 * npm run bench:import — importing a listing from a 20-photo page, timed the way the register form
 * does it (issue 29): read the page (fetch + extract + draft), fetch its photos four per call as the
 * browser asks for them (each judged and stored in the team's imports folder), then save: adopt each
 * into the listing (move + finalizeUpload: re-encode, thumbnail), two at a time as the uploader does.
 * The page and its photos (1600×1067 JPEGs with grain, about a portal photo's weight) come from a local
 * server; the database and storage are the embedded Supabase. Prints one line per step and run.
 *   npm run bench:import -- --runs 3 --photos 20
 */
import { parseArgs } from 'node:util'
import { readListingPage } from '../../lib/listings/import/page.ts'
import { adoptImportedPhoto, stageImportedPhotos } from '../../lib/listings/import/photos.ts'
import type { Db } from '../../lib/listings/refusal.ts'
import * as writes from '../../lib/listings/writes.ts'
import { assembleCast } from '../../tests/integration/app/cast.ts'
import { startListingPagesServer } from '../../tests/helpers/listing-pages-server.ts'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, photos: { type: 'string', default: '20' } } })
const runs = Math.max(1, Number(values.runs))
const count = Math.min(40, Math.max(1, Number(values.photos)))

const listingPage = (n: number, run: number) => `<!doctype html><html><head><title>Bench house</title>
<script type="application/ld+json">${JSON.stringify({
  '@context': 'https://schema.org',
  '@type': 'RealEstateListing',
  name: 'Bench house with twenty rooms',
  offers: { '@type': 'Offer', price: 985000, priceCurrency: 'USD', businessFunction: 'http://purl.org/goodrelations/v1#Sell' },
  about: {
    '@type': 'SingleFamilyResidence',
    numberOfBedrooms: 4,
    numberOfBathroomsTotal: 3,
    floorSize: { '@type': 'QuantitativeValue', value: 2800, unitCode: 'FTK' },
    address: { '@type': 'PostalAddress', streetAddress: '20 Bench Lane', addressLocality: 'Austin', addressRegion: 'TX', postalCode: '78701', addressCountry: 'US' },
  },
  image: Array.from({ length: n }, (_, i) => `{{origin}}/photos/bench-${run}/${String(i + 1).padStart(2, '0')}.jpg`),
})}</script></head><body><h1>Bench house</h1></body></html>`

const pagesByName = Object.fromEntries(Array.from({ length: runs }, (_, run) => [`bench-${run}`, listingPage(count, run)]))
const pages = await startListingPagesServer({ extraPages: pagesByName, grain: true })
process.env.LISTING_IMPORT_ALLOWED_HOSTS = new URL(pages.origin).host
const cast = await assembleCast()
process.env.NEXT_PUBLIC_SUPABASE_URL = cast.standIn.url
const db = cast.member.client as unknown as Db
const ms = (t0: number) => Math.round(performance.now() - t0)

console.log(`a ${count}-photo listing page, ${runs} run(s); photos fetched 4 per call, adopted 2 at a time`)
for (let run = 0; run < runs; run++) {
  const t0 = performance.now()
  const draft = await readListingPage({ url: `${pages.origin}/bench-${run}.html` })
  const read = ms(t0)
  const t1 = performance.now()
  const staged: { path: string; bytes: number }[] = []
  for (let i = 0; i < draft.photos.length; i += 4) {
    const { photos } = await stageImportedPhotos(db, cast.member.id, cast.teamId, { urls: draft.photos.slice(i, i + 4).map((p) => p.url) })
    for (const p of photos) if (p.ok) staged.push({ path: p.path, bytes: p.bytes })
  }
  const fetched = ms(t1)
  const listingId = (await writes.createListing(db, cast.member.id, cast.teamId, { title: 'Bench', addressLine: '20 Bench Lane', city: 'Austin', country: 'US', currency: 'USD' })).id
  const t2 = performance.now()
  for (let i = 0; i < staged.length; i += 2) {
    await Promise.all(staged.slice(i, i + 2).map((p) => adoptImportedPhoto(db, cast.member.id, cast.teamId, { path: p.path, listingId, caption: null })))
  }
  const adopted = ms(t2)
  const mb = staged.reduce((sum, p) => sum + p.bytes, 0) / 1024 / 1024
  console.log(
    `run ${run + 1}: read page ${read} ms · ${staged.length}/${draft.photos.length} photos fetched and stored ${fetched} ms (${mb.toFixed(1)} MB) · ` +
      `saved into the listing ${adopted} ms · page to saved ${read + fetched + adopted} ms`,
  )
}
await cast.standIn.stop()
await pages.close()
process.exit(0)
