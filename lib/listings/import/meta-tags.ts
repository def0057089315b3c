import type { CheerioAPI } from 'cheerio'
import { LISTING } from '@/lib/constants'
import type { ListingFacts } from './facts'
import {
  cleanLine,
  cleanText,
  countryCode,
  currencyCode,
  offerFrom,
  parseNumber,
  parsePrice,
  propertyTypeFrom,
  rentPeriodFrom,
} from './normalise'
import { cleanPhotos, type PhotoCandidate } from './photo-urls'

/*
 * Open Graph, Twitter card and product tags, and <link rel="image_src">. Kinds of listing are read
 * from the title/description words ("House for sale", "Flat to rent"), which these tags often say.
 */

export function readMetaTags($: CheerioAPI, pageUrl: string): ListingFacts {
  const tags: [string, string][] = []
  $('meta').each((_, el) => {
    const key = ($(el).attr('property') ?? $(el).attr('name') ?? '').trim().toLowerCase()
    const content = $(el).attr('content')
    if (key && content !== undefined && tags.length < 2000) tags.push([key, content])
  })
  const get = (...keys: string[]) => {
    for (const key of keys) {
      const hit = tags.find(([k, v]) => k === key && v.trim())
      if (hit) return hit[1]
    }
    return undefined
  }

  // og:image, each followed by its own :width; several sizes of one photo keep the widest
  const photos: PhotoCandidate[] = []
  for (const [key, value] of tags) {
    if (key === 'og:image' || key === 'og:image:url' || key === 'og:image:secure_url') {
      const last = photos[photos.length - 1]
      // :url/:secure_url right after og:image describe the same image
      if (key !== 'og:image' && last && last.width === null) last.url = value
      else photos.push({ url: value, width: null })
    } else if (key === 'og:image:width' && photos.length) photos[photos.length - 1].width = parseNumber(value)
    else if (key === 'og:image:alt' && photos.length) photos[photos.length - 1].caption = value
  }
  for (const [key, value] of tags) if (key === 'twitter:image' || key === 'twitter:image:src') photos.push({ url: value, width: null })
  $('link[rel~="image_src"]').each((_, el) => void photos.push({ url: $(el).attr('href'), width: null }))
  // widest first inside each group of sizes is handled by cleanPhotos; order stays the page's
  const facts: ListingFacts = {}
  facts.photos = cleanPhotos(photos, pageUrl)

  facts.title = cleanLine(get('og:title', 'twitter:title'), LISTING.titleMax)
  facts.description = cleanText(get('og:description', 'twitter:description', 'description'), LISTING.descriptionMax)
  facts.addressLine = cleanLine(get('og:street-address', 'place:street_address', 'og:street_address'), LISTING.addressLineMax)
  facts.city = cleanLine(get('og:locality', 'place:locality'), LISTING.cityMax)
  facts.region = cleanLine(get('og:region', 'place:region'), LISTING.regionMax)
  facts.postalCode = cleanLine(get('og:postal-code', 'og:postal_code', 'place:postal_code'), LISTING.postalCodeMax)
  facts.country = countryCode(get('og:country-name', 'og:country_name', 'place:country_name'))

  const amount = get('product:price:amount', 'og:price:amount', 'product:price')
  const price = parsePrice(amount)
  if (price) facts.price = price.amount
  facts.currency = currencyCode(get('product:price:currency', 'og:price:currency') ?? price?.currency ?? undefined, facts.country)

  const words = [facts.title, get('og:description', 'twitter:description')].filter(Boolean).join(' ')
  facts.offer = offerFrom(words)
  facts.rentPeriod = facts.offer === 'rent' ? rentPeriodFrom(words) : null
  facts.propertyType = propertyTypeFrom(facts.title)
  return facts
}
