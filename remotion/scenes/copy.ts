import type { CSSProperties } from 'react';
import { formatLocality, formatPrice, OFFER_LABELS, PROPERTY_TYPE_LABELS } from '../format';
import type { VideoProps } from '../schema';

/** The words every title card needs, resolved once from the props and the editor's overrides. */
export function titleCopy(props: VideoProps) {
  const { listing } = props;
  const locality = formatLocality(listing.address);
  const heading = props.titleCard?.heading || listing.title || listing.address.line;
  const headingIsAddress = heading === listing.address.line;
  const price = props.show?.price === false ? null : formatPrice(listing, props.locale);
  return {
    heading,
    /** The street line when the heading is something else, otherwise the locality. */
    address: headingIsAddress ? locality : [listing.address.line, locality].filter(Boolean).join(', '),
    locality,
    /** Street and locality as separate lines, for layouts that stack them. */
    addressLines: (headingIsAddress ? [locality] : [listing.address.line, locality]).filter(Boolean),
    subheading: props.titleCard?.subheading || null,
    offer: OFFER_LABELS[listing.offer],
    propertyType: PROPERTY_TYPE_LABELS[listing.propertyType],
    price,
  };
}

/**
 * Cuts text to `lines` lines with an ellipsis, so long addresses never push a layout apart.
 * `balance` evens out short headings; Chromium drops the ellipsis and clips mid-line when balanced
 * text is also clamped, so pass it only for text that fits (see `fits`).
 */
export function clampLines(lines: number, balance = false): CSSProperties {
  return {
    ...(balance ? { textWrap: 'balance' } : {}),
    // In a crowded flex column an overflow-hidden item may shrink below its lines and clip them.
    flexShrink: 0,
    display: '-webkit-box',
    WebkitLineClamp: lines,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
    overflowWrap: 'anywhere',
  };
}

/** Short enough to balance without being clamped, at the heading sizes the templates use. */
export const fits = (text: string) => text.length <= 48;

/** One line with an ellipsis; safe on padded boxes, where a line clamp would show the next line. */
export const singleLine: CSSProperties = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' };

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}
