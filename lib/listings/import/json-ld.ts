import type { CheerioAPI } from 'cheerio'
import type { ListingFacts } from './facts'
import { readSchemaItems } from './schema-org'

/** The JSON in every <script type="application/ld+json">; a block that is not JSON is skipped, not guessed at. */
export function jsonLdDocuments($: CheerioAPI): unknown[] {
  const documents: unknown[] = []
  $('script').each((_, el) => {
    const type = ($(el).attr('type') ?? '').trim().toLowerCase()
    if (type !== 'application/ld+json') return
    // some sites wrap the JSON in an HTML comment or CDATA
    const text = $(el).text().trim().replace(/^<!--|-->$/g, '').replace(/^\/\/\s*<!\[CDATA\[|\/\/\s*\]\]>$/g, '').trim()
    if (!text || text.length > 2_000_000) return
    try {
      documents.push(JSON.parse(text))
    } catch {
      // malformed: ignored
    }
  })
  return documents
}

export function readJsonLd($: CheerioAPI, pageUrl: string): ListingFacts {
  const documents = jsonLdDocuments($)
  return documents.length ? readSchemaItems(documents, pageUrl) : {}
}
