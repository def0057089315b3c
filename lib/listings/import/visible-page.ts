import { contains, type CheerioAPI } from 'cheerio'
import type { Element } from 'domhandler'
import { LISTING } from '@/lib/constants'
import type { ListingFacts } from './facts'
import {
  bathroomCount,
  cleanFeatures,
  cleanLine,
  cleanText,
  countryCode,
  currencyCode,
  offerFrom,
  parseAreas,
  parseNumber,
  parsePrice,
  propertyTypeFrom,
  wholeNumber,
  yearFrom,
} from './normalise'
import { cleanPhotos, largestFromSrcset, type PhotoCandidate } from './photo-urls'
import { emailFrom, landFeature } from './schema-org'

/*
 * The page as a person sees it, when nothing structured said enough. The page's chrome (header,
 * navigation, footer, cookie banners, related/similar listings) is removed first so that another
 * listing's price or a logo is never read; then the main content is read: the h1, a price with a
 * currency, "3 bedrooms", "2.5 baths", "1,234 sq ft", "Built in 1998", the features list under its
 * heading, the description, and the photos (largest srcset candidate; no logos, icons, pixels).
 * This step changes the document, so extractListing runs it last.
 */

const CHROME = 'header, nav, footer, aside, dialog, form, [role=banner], [role=navigation], [role=contentinfo], [role=complementary], [role=dialog], [aria-modal=true], [hidden]'
const NOT_CONTENT = /cookie|consent|gdpr|related|similar|recommend|nearby|recently|just-sold|you-may|also-like|other-listings|more-listings|newsletter|advert|sponsor|promo|breadcrumb|share|social|modal|popup|banner/i
const NOT_PHOTO = /logo|icon|sprite|avatar|pixel|track|badge|spinner|placeholder|blank|spacer|beacon|analytics|flag|marker|emoji|qr-?code|headshot|agent-photo|brand/i
const FEATURE_HEADING = /^\s*(key |property |home )?(features|amenities|highlights|facilities)\b/i
const DESCRIPTION_HEADING = /\b(description|about (this|the) (home|property|listing|apartment|house|flat)|overview|property details)\b/i

function attrs($: CheerioAPI, el: Element): string {
  return [$(el).attr('class'), $(el).attr('id'), $(el).attr('data-testid')].filter(Boolean).join(' ')
}

function readAgent($: CheerioAPI): ListingFacts['agent'] {
  const card = $('[class*=agent], [id*=agent], [class*=realtor], [class*=broker], [class*=negotiator]')
    .toArray()
    .find((el) => $(el).find('a[href^="tel:"], a[href^="mailto:"]').length > 0)
  if (!card) return null
  const $card = $(card)
  const tel = $card.find('a[href^="tel:"]').first()
  const agent = {
    name: cleanLine($card.find('[class*=name]').first().text() || $card.find('h2, h3, h4, h5, strong').first().text(), 120),
    phone: cleanLine(tel.text() || tel.attr('href')?.replace(/^tel:/, ''), 40),
    email: emailFrom($card.find('a[href^="mailto:"]').first().attr('href')),
    brokerage: cleanLine($card.find('[class*=agency], [class*=brokerage], [class*=office], [class*=company], [class*=firm]').first().text(), 120),
  }
  return agent.name || agent.phone || agent.email || agent.brokerage ? agent : null
}

const POSTCODE_END = /^(.*?)[\s,]*\b(\d{5}(?:-\d{4})?|[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}|\d{4})$/i
const POSTCODE_START = /^(\d{4,5})\s+(.+)$/

/** "12 Elm Street, Springfield, IL 62704" / "Flat 4, 22 Baker Street, London NW1 6XE" / "14 Marine Pde, Cottesloe WA 6011". */
export function splitAddress(text: string): Pick<ListingFacts, 'addressLine' | 'city' | 'region' | 'postalCode' | 'country'> {
  const parts = text.split(/,|\n/).map((p) => p.trim()).filter(Boolean)
  const out: Pick<ListingFacts, 'addressLine' | 'city' | 'region' | 'postalCode' | 'country'> = {}
  if (parts.length > 1 && countryCode(parts[parts.length - 1])) out.country = countryCode(parts.pop())
  if (parts.length > 1) {
    let rest = parts.pop()!
    const end = POSTCODE_END.exec(rest)
    const start = POSTCODE_START.exec(rest)
    if (end) [, rest, out.postalCode] = end
    else if (start) [, out.postalCode, rest] = start
    const state = /^(.*?)\s*\b([A-Z]{2,3})$/.exec(rest)
    if (state && state[1]) {
      out.city = state[1]
      out.region = state[2]
    } else if (state && parts.length > 1 && !/^\d/.test(parts[parts.length - 1])) {
      out.region = state[2]
      out.city = parts.pop()
    } else if (rest) out.city = rest
    else if (parts.length > 1) out.city = parts.pop()
  }
  out.addressLine = parts.join(', ')
  return {
    addressLine: cleanLine(out.addressLine, LISTING.addressLineMax),
    city: cleanLine(out.city, LISTING.cityMax),
    region: cleanLine(out.region, LISTING.regionMax),
    postalCode: cleanLine(out.postalCode?.toUpperCase(), LISTING.postalCodeMax),
    country: out.country ?? null,
  }
}

function photoOf($: CheerioAPI, img: Element): PhotoCandidate | null {
  const $img = $(img)
  const src = $img.attr('data-src') ?? $img.attr('data-lazy-src') ?? $img.attr('data-original') ?? $img.attr('src')
  const label = [attrs($, img), $img.attr('alt'), src, $img.parent().attr('class')].filter(Boolean).join(' ')
  if (NOT_PHOTO.test(label)) return null
  const w = parseNumber($img.attr('width') ?? '')
  const h = parseNumber($img.attr('height') ?? '')
  if ((w !== null && w < 120) || (h !== null && h < 80)) return null
  const candidates = [largestFromSrcset($img.attr('srcset') ?? $img.attr('data-srcset'))]
  $img.closest('picture').find('source').each((_, s) => void candidates.push(largestFromSrcset($(s).attr('srcset') ?? $(s).attr('data-srcset'))))
  const best = candidates.filter((c) => c !== null).sort((a, b) => (b.width ?? 0) - (a.width ?? 0))[0]
  const url = best?.url ?? src
  if (!url || /\.(svg|gif)(\?|$)/i.test(url) || url.startsWith('data:')) return null
  return { url, caption: $img.attr('alt'), width: best?.width ?? w }
}

export function readVisiblePage($: CheerioAPI, pageUrl: string): ListingFacts {
  const facts: ListingFacts = {}
  facts.agent = readAgent($)

  $('script, style, noscript, template, svg, iframe, object, embed, canvas').remove()
  $(CHROME).filter((_, el) => el.tagName !== 'header' || $(el).closest('main, article, [role=main]').length === 0).remove()
  $('[class], [id]')
    .filter((_, el) => !['html', 'body', 'main', 'article'].includes(el.tagName) && NOT_CONTENT.test(attrs($, el)))
    .remove()
  const main = $('main, [role=main], article, #content, .content, #main').first()
  const $main = main.length ? main : $('body')
  const mainEl = $main.get(0)
  // cheerio's find() from an element with thousands of children is quadratic; a document-wide query
  // kept to the main content is not
  const within = (selector: string) => $(selector).filter((_, el) => mainEl !== undefined && contains(mainEl, el))

  facts.title = cleanLine(within('h1').first().text() || $('h1').first().text(), LISTING.titleMax)

  const addressEl = within('address, [class*=address], [itemprop=address], [data-testid*=address]').first()
  if (addressEl.length) Object.assign(facts, splitAddress(addressEl.text().trim()))

  // the price: an element that says it is one, else the first amount with a currency in the text
  const mainText = cleanLine($main.text()) ?? ''
  let price = null
  for (const el of within('[class*=price], [id*=price], [data-testid*=price], [itemprop=price]').toArray()) {
    const p = parsePrice($(el).text())
    if (p?.currency) {
      price = p
      break
    }
  }
  if (!price) {
    const p = parsePrice(mainText)
    if (p?.currency) price = p
  }
  const words = `${facts.title ?? ''} ${mainText.slice(0, 3000)}`
  if (price) {
    facts.price = price.amount
    facts.currency = currencyCode(price.currency, facts.country)
    facts.offer = offerFrom(`${facts.title ?? ''} ${price.rentPeriod ? 'rent' : ''}`) ?? (price.rentPeriod ? 'rent' : offerFrom(words))
    facts.rentPeriod = facts.offer === 'rent' ? price.rentPeriod : null
  } else facts.offer = offerFrom(words)
  facts.propertyType = propertyTypeFrom(facts.title) ?? propertyTypeFrom(mainText.slice(0, 2000))

  const beds = /(\d{1,2})\s*-?\s*(?:bed(?:room)?s?|bd|br)\b/i.exec(mainText) ?? /\bbed(?:room)?s?\s*:?\s*(\d{1,2})\b/i.exec(mainText)
  facts.bedrooms = beds ? wholeNumber(beds[1], 0, LISTING.bedroomsMax) : null
  const baths = /(\d{1,2}(?:\.\d)?)\s*-?\s*(?:bath(?:room)?s?|ba)\b/i.exec(mainText) ?? /\bbath(?:room)?s?\s*:?\s*(\d{1,2}(?:\.\d)?)\b/i.exec(mainText)
  facts.bathrooms = baths ? bathroomCount(baths[1]) : null
  const built = /\b(?:built in|year built|built|constructed in|construction year)\s*:?\s*(\d{4})\b/i.exec(mainText)
  facts.yearBuilt = built ? yearFrom(built[1]) : null

  const features: unknown[] = []
  for (const area of parseAreas(mainText)) {
    if (!area.land && facts.floorArea === undefined && area.value <= 99_999_999) {
      facts.floorArea = area.value
      facts.areaUnit = area.unit as 'sqm' | 'sqft'
    } else if (area.land && !features.length) features.push(landFeature(area.value, area.unit))
  }

  const heading = within('h2, h3, h4, h5, dt, strong')
    .toArray()
    .find((el) => FEATURE_HEADING.test($(el).text()))
  if (heading) {
    let ul = $(heading).nextAll('ul, ol').first()
    if (!ul.length) ul = $(heading).parent().find('ul, ol').first()
    ul.children('li').each((_, li) => void features.push($(li).text()))
  }
  facts.features = cleanFeatures(features)

  const descriptionHeading = within('h2, h3, h4')
    .toArray()
    .find((el) => DESCRIPTION_HEADING.test($(el).text()))
  let description: string | null = null
  if (descriptionHeading) {
    const paragraphs = $(descriptionHeading).nextUntil('h1, h2, h3, h4, ul, ol, section').filter('p')
    description = cleanText(paragraphs.toArray().map((p) => $(p).text().trim()).filter(Boolean).join('\n\n'))
  }
  if (!description) {
    const longest = within('p')
      .toArray()
      .map((p) => $(p).text().trim())
      .filter((t) => t.length >= 80)
      .sort((a, b) => b.length - a.length)[0]
    description = cleanText(longest)
  }
  facts.description = description ? cleanText(description, LISTING.descriptionMax) : null

  const photos = within('img')
    .toArray()
    .slice(0, 2000)
    .map((img) => ('tagName' in img ? photoOf($, img) : null))
    .filter((p): p is PhotoCandidate => p !== null)
  facts.photos = cleanPhotos(photos, pageUrl)
  return facts
}
