import { describe, expect, it } from 'vitest'
import { sharedLocale, sharedTitle } from '@/lib/share/shared-video'
import { formatPrice } from '@/remotion/format'
import { localeForCountry } from '@/lib/videos/draft'

// Issue 26, item 9: the share page's title and og:title said "… — Classic Tour" (the video's own name),
// and its price said "A$3,450,000" while the video said "$3,450,000".
describe('share page title and price', () => {
  const listing = {
    title: 'Hillside modern with pool',
    offer: 'sale' as const,
    propertyType: 'house' as const,
    price: { amount: 3_450_000, currency: 'AUD' },
    address: { line: '12 Harbour View Rd', city: 'Sydney', region: 'NSW', country: 'AU' },
  }

  it('is the listing title, never the template name', () => {
    expect(sharedTitle({ title: 'Hillside modern with pool — Classic Tour', listing: listing as never })).toBe('Hillside modern with pool')
    expect(sharedTitle({ title: 'Our video', listing: { ...listing, title: undefined } as never })).toBe('Our video')
  })

  it('formats the price as the video does: the listing country\'s locale', () => {
    const locale = sharedLocale({ listing: listing as never })
    // the locale the video's draft gave its props (lib/videos/draft.ts)
    expect(locale).toBe(localeForCountry('AU'))
    expect(formatPrice(listing as never, locale)?.full).toBe('$3,450,000')
    // what the page wrote before, with no locale
    expect(formatPrice(listing as never)?.full).toBe('A$3,450,000')
  })
})
