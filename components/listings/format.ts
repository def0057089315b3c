import type { ListingStatus } from '@/lib/constants'

export const STATUS_LABELS: Record<ListingStatus, string> = {
  draft: 'Draft',
  active: 'Active',
  under_offer: 'Under offer',
  sold: 'Sold',
  archived: 'Archived',
}

export const STATUS_TONES: Record<ListingStatus, 'neutral' | 'brand' | 'success' | 'warning' | 'danger'> = {
  draft: 'neutral',
  active: 'success',
  under_offer: 'warning',
  sold: 'brand',
  archived: 'neutral',
}

export const PROPERTY_TYPE_LABELS = [
  ['house', 'House'],
  ['apartment', 'Apartment'],
  ['townhouse', 'Townhouse'],
  ['land', 'Land'],
  ['commercial', 'Commercial'],
  ['other', 'Other'],
] as const

const PERIOD: Record<string, string> = { week: '/wk', month: '/mo', year: '/yr' }

/** "$1,250,000" or "€2,400/mo"; "Price on request" when there is none. Whole amounts drop the cents. */
export function formatPrice(price: number | null, currency: string, rentPeriod?: string | null, locale = 'en-US'): string {
  if (price === null || price === undefined) return 'Price on request'
  let text: string
  try {
    text = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      maximumFractionDigits: Number.isInteger(price) ? 0 : 2,
    }).format(price)
  } catch {
    text = `${price.toLocaleString(locale)} ${currency}`
  }
  return rentPeriod ? `${text}${PERIOD[rentPeriod] ?? ''}` : text
}

export function formatAddress(parts: { address_line?: string | null; city?: string | null; region?: string | null; country?: string | null }): string {
  return [parts.address_line, parts.city, parts.region, parts.country].filter(Boolean).join(', ')
}

export function formatArea(area: number | null, unit: string): string | null {
  if (area === null || area === undefined) return null
  return `${area.toLocaleString('en-US')} ${unit === 'sqft' ? 'sq ft' : 'm²'}`
}
