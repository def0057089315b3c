import type { Listing } from './schema';

// Money, areas and counts go through Intl with the listing's currency and the video's locale.
// Words around them (per month, beds) are English for now; the locale only drives Intl.

export const DEFAULT_LOCALE = 'en-US';

const PERIOD_WORDS = { day: 'day', week: 'week', month: 'month', year: 'year' } as const;

function safeLocale(locale: string | undefined): string {
  try {
    return Intl.NumberFormat.supportedLocalesOf(locale ?? DEFAULT_LOCALE)[0] ?? DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

// Building an Intl.NumberFormat costs far more than formatting with one (the editor's Player draws
// these cards on every keystroke: npm run bench:editor-profile), so each locale + options pair is
// built once and kept.
const formatters = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string | undefined, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(safeLocale(locale), options);
    // a server renders many videos: the kept set stays small whatever locales and currencies come by
    if (formatters.size >= 256) formatters.clear();
    formatters.set(key, formatter);
  }
  return formatter;
}

export type FormattedPrice = { amount: string; period: string | null; full: string };

export function formatPrice(listing: Listing, locale?: string): FormattedPrice | null {
  const price = listing.price;
  if (!price) return null;
  const whole = Number.isInteger(price.amount);
  const amount = numberFormat(locale, {
    style: 'currency',
    currency: price.currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(price.amount);
  const period = listing.offer === 'rent' && price.period ? `per ${PERIOD_WORDS[price.period]}` : null;
  return { amount, period, full: period ? `${amount} ${period}` : amount };
}

/** Big prices compacted for tight layouts: "$1.25M". */
export function formatPriceCompact(listing: Listing, locale?: string): string | null {
  const price = listing.price;
  if (!price) return null;
  if (price.amount < 100_000) return formatPrice(listing, locale)?.amount ?? null;
  return numberFormat(locale, {
    style: 'currency',
    currency: price.currency,
    notation: 'compact',
    maximumFractionDigits: 2,
  }).format(price.amount);
}

export function formatAreaParts(area: NonNullable<Listing['area']>, locale?: string) {
  const value = numberFormat(locale, { maximumFractionDigits: 0 }).format(area.value);
  return { value, unit: area.unit === 'sqm' ? 'm²' : 'sq ft' };
}

export function formatArea(area: NonNullable<Listing['area']>, locale?: string): string {
  const { value, unit } = formatAreaParts(area, locale);
  return `${value} ${unit}`;
}

export function formatCount(value: number, locale?: string): string {
  return numberFormat(locale, { maximumFractionDigits: 1 }).format(value);
}

export const OFFER_LABELS = { sale: 'For sale', rent: 'For rent' } as const;

export const PROPERTY_TYPE_LABELS: Record<Listing['propertyType'], string> = {
  house: 'House',
  apartment: 'Apartment',
  townhouse: 'Townhouse',
  land: 'Land',
  commercial: 'Commercial',
  other: 'Property',
};

/** "Portland, OR 97205" from the parts that exist. */
export function formatLocality(address: Listing['address']): string {
  const regionPostal = [address.region, address.postalCode].filter(Boolean).join(' ');
  return [address.city, regionPostal].filter(Boolean).join(', ');
}
