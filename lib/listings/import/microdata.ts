import type { CheerioAPI } from 'cheerio'
import type { Element } from 'domhandler'
import type { JsonObject, JsonValue, ListingFacts } from './facts'
import { absoluteUrl, largestFromSrcset } from './photo-urls'
import { readSchemaItems } from './schema-org'

/*
 * Microdata (itemscope/itemtype/itemprop) read with cheerio's DOM into the same shape JSON-LD has,
 * then interpreted by the same schema.org reader. The npm microdata readers were not used:
 * microdata-node pulls htmlparser2 4 / domutils 2 (a second, older parser beside cheerio's) and
 * web-auto-extractor has not been released since 2017; the reading rules (WHATWG microdata
 * "values") fit in this file.
 */

const URL_ELEMENTS: Record<string, string> = { a: 'href', area: 'href', link: 'href', img: 'src', audio: 'src', video: 'src', source: 'src', embed: 'src', iframe: 'src', track: 'src', object: 'data' }

function propertyValue($: CheerioAPI, el: Element, base: string): JsonValue {
  const $el = $(el)
  const tag = el.tagName.toLowerCase()
  const content = $el.attr('content')
  if (content !== undefined) return content
  // an image: its largest size when it offers several, and its alt text as the caption
  if (tag === 'img') {
    const url = absoluteUrl(largestFromSrcset($el.attr('srcset'))?.url ?? $el.attr('src'), base) ?? ''
    const alt = $el.attr('alt')?.trim()
    return alt ? { '@type': 'ImageObject', contentUrl: url, caption: alt } : url
  }
  if (URL_ELEMENTS[tag]) return absoluteUrl($el.attr(URL_ELEMENTS[tag]), base) ?? ''
  if (tag === 'data' || tag === 'meter') return $el.attr('value') ?? ''
  if (tag === 'time') return $el.attr('datetime') ?? $el.text()
  return $el.text()
}

function readItem($: CheerioAPI, scope: Element, base: string, depth: number): JsonObject {
  const item: JsonObject = {}
  const type = $(scope).attr('itemtype')
  if (type) item['@type'] = type.trim().split(/\s+/).map((t) => t.replace(/^.*[/#]/, ''))
  const walk = (parent: Element) => {
    for (const child of $(parent).children().toArray()) {
      const names = ($(child).attr('itemprop') ?? '').trim().split(/\s+/).filter(Boolean)
      const nested = $(child).attr('itemscope') !== undefined
      if (names.length) {
        const value = nested ? (depth < 8 ? readItem($, child, base, depth + 1) : {}) : propertyValue($, child, base)
        for (const name of names) {
          const key = name.replace(/^.*[/#]/, '')
          const existing = item[key]
          item[key] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value]
        }
      }
      if (!nested) walk(child)
    }
  }
  walk(scope)
  return item
}

/** Top-level items (an itemscope that is not some other item's property). */
export function microdataItems($: CheerioAPI, base: string): JsonObject[] {
  return $('[itemscope]')
    .toArray()
    .filter((el) => $(el).attr('itemprop') === undefined || $(el).parents('[itemscope]').length === 0)
    .slice(0, 200)
    .map((el) => readItem($, el, base, 0))
}

export function readMicrodata($: CheerioAPI, base: string): ListingFacts {
  const items = microdataItems($, base)
  return items.length ? readSchemaItems(items, base) : {}
}
