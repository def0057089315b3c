import 'server-only'
import { decodeBuffer } from 'encoding-sniffer'
import { MEDIA } from '@/lib/constants'
import { Refusal } from '@/lib/listings/refusal'
import { draftFromExtracted, missingMessage } from './draft'
import { extractListing } from './extract'
import { IMPORT } from './limits'
import { importUrlSchema } from './schema'
import { fetchPublic, ImportFetchError } from './safe-fetch'
import type { PageDraft } from './types'

/*
 * Reading a listing page for the register form (issue 29). The server fetches the page (public
 * addresses only, lib/security/safe-fetch.ts), reads what it says (extract.ts) and answers a draft
 * for the form; nothing is saved here. The person reviews every field and the photos before saving.
 */


const HTML = /^(text\/html|application\/xhtml\+xml)\b/i

/**
 * The page's text in its own encoding, found as a browser finds it (a BOM, the header's charset,
 * the page's own <meta charset> prescan, else UTF-8) by cheerio's encoding-sniffer.
 */
export function decodePage(body: Buffer, contentType: string | null): string {
  const label = contentType ? /charset=["']?([\w-]+)/i.exec(contentType)?.[1] : undefined
  return decodeBuffer(body, { transportLayerEncodingLabel: label, defaultEncoding: 'utf-8' })
}

/** Fetches and reads one listing page; a refusal says what went wrong in the person's words. */
export async function readListingPage(input: unknown, photoRoom: number = MEDIA.maxPhotosPerListing): Promise<PageDraft> {
  const parsed = importUrlSchema.safeParse(input)
  if (!parsed.success) throw new Refusal(parsed.error.issues[0]?.message ?? 'Paste the address of the listing page.', { url: parsed.error.issues[0]?.message ?? '' })
  let page: Awaited<ReturnType<typeof fetchPublic>>
  try {
    page = await fetchPublic(parsed.data.url, { maxBytes: IMPORT.pageBytes, timeoutMs: IMPORT.pageMs, accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5' })
  } catch (error) {
    if (error instanceof ImportFetchError) throw new Refusal(error.message, { url: error.message })
    throw error
  }
  if (page.contentType && !HTML.test(page.contentType)) {
    throw new Refusal('That address is not a web page. Paste the address of the listing itself.', { url: 'That address is not a web page.' })
  }
  const extracted = extractListing(decodePage(page.body, page.contentType), page.url)
  const draft = draftFromExtracted(extracted)
  const nothing = draft.found.length === 0 && extracted.photos.length === 0
  if (nothing) throw new Refusal('We could not find a listing on that page. Check the address, or fill in the form yourself.', { url: 'No listing found on that page.' })
  return {
    pageUrl: page.url,
    values: draft.values as PageDraft['values'],
    found: draft.found,
    missing: draft.missing,
    message: draft.missing.length ? missingMessage(draft.missing) : null,
    photos: extracted.photos.slice(0, Math.max(0, photoRoom)),
    agent: extracted.agent,
  }
}
