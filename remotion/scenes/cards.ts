// Layout decisions of the facts and features cards, made once from the props (React-free: the
// timeline in duration.ts and the unit tests use them too). docs/video-templates.md, "Legible pictures".
import type { VideoProps } from '../schema';
import { listFacts, type Fact } from './facts';

/** A listing with fewer features than this gets no features card of its own: they join the facts card. */
export const MIN_FEATURES_FOR_CARD = 3;

export type CardPlan = {
  /** The facts card's facts (empty: no facts card). */
  facts: Fact[];
  /** Features shown on the facts card (a listing with one or two), under the facts. */
  foldedFeatures: string[];
  /** The features card's features (empty: no features card). */
  features: string[];
  /** A features card with only one or two features (no facts to fold them into): a larger layout. */
  sparseFeatures: boolean;
};

/**
 * Which card shows what. Three or more features get their own card; one or two join the facts card
 * (a whole card for "Balcony" looks empty), unless there is no facts card, in which case the features
 * card shows them large.
 */
export function cardPlan(props: Pick<VideoProps, 'listing' | 'show' | 'locale'>): CardPlan {
  // kept per listing object (an edit of a scene keeps the listing): the plan formats numbers with Intl
  const key = `${props.show?.facts !== false}|${props.show?.features !== false}|${props.locale ?? ''}`;
  let byKey = plans.get(props.listing);
  if (!byKey) plans.set(props.listing, (byKey = new Map()));
  let plan = byKey.get(key);
  if (!plan) byKey.set(key, (plan = planCards(props)));
  return plan;
}

const plans = new WeakMap<object, Map<string, CardPlan>>();

function planCards(props: Pick<VideoProps, 'listing' | 'show' | 'locale'>): CardPlan {
  const facts = props.show?.facts === false ? [] : listFacts(props.listing, props.locale);
  const features = props.show?.features === false ? [] : (props.listing.features ?? []);
  if (features.length >= MIN_FEATURES_FOR_CARD) return { facts, foldedFeatures: [], features, sparseFeatures: false };
  if (facts.length > 0) return { facts, foldedFeatures: features, features: [], sparseFeatures: false };
  return { facts, foldedFeatures: [], features, sparseFeatures: features.length > 0 };
}

/**
 * At most `capacity` rows of a list: when there are more, the last row says how many are left
 * ("+8 more") instead of dropping them silently.
 */
export function fitList(items: readonly string[], capacity: number): { shown: string[]; more: number; moreLabel: string | null } {
  if (items.length <= capacity) return { shown: [...items], more: 0, moreLabel: null };
  const shown = items.slice(0, Math.max(1, capacity - 1));
  const more = items.length - shown.length;
  return { shown, more, moreLabel: `+${more} more` };
}

/**
 * At most `capacity` facts. The property type goes first when there are too many (the title card
 * already says "House"), then the last ones (the year built).
 */
export function fitFacts(facts: readonly Fact[], capacity: number): Fact[] {
  if (facts.length <= capacity) return [...facts];
  return facts.filter((fact) => fact.key !== 'type').slice(0, capacity);
}

/** A photo is never drawn more than this many times its own size (past it, a photo looks soft). */
export const MAX_UPSCALE = 1.25;

export type PhotoFit = {
  /** 'cover' fills the box; 'contain' draws the photo smaller, over a darkened copy that fills it. */
  mode: 'cover' | 'contain';
  /** The photo's size in the box, as a multiple of the box (1 = the cover size). */
  scale: number;
  /** The camera's travel (KenBurnsPhoto's strength), reduced when the full travel would upscale. */
  strength: number;
  /** The largest factor any pixel of the photo is drawn at, over the whole move. */
  peakUpscale: number;
};

/**
 * How a photo of `natural` pixels fills a `box` of frame pixels with a camera move of `strength`
 * (peak zoom 1 + strength), never past MAX_UPSCALE:
 * - it covers the box with the full move when that stays sharp;
 * - it covers with a smaller move when only the move would upscale too far;
 * - otherwise it is drawn at the largest sharp size (with the full move) over a darkened copy of
 *   itself that fills the rest of the box.
 * Unknown sizes (a picture not loaded yet) cover with the full move.
 */
export function photoFit(natural: { width: number; height: number } | null, box: { width: number; height: number }, strength: number): PhotoFit {
  if (!natural || natural.width <= 0 || natural.height <= 0) return { mode: 'cover', scale: 1, strength, peakUpscale: NaN };
  const cover = Math.max(box.width / natural.width, box.height / natural.height);
  if (cover * (1 + strength) <= MAX_UPSCALE) return { mode: 'cover', scale: 1, strength, peakUpscale: cover * (1 + strength) };
  if (cover <= MAX_UPSCALE) {
    const reduced = Math.max(0, MAX_UPSCALE / cover - 1);
    return { mode: 'cover', scale: 1, strength: reduced, peakUpscale: cover * (1 + reduced) };
  }
  const drawn = MAX_UPSCALE / (1 + strength);
  return { mode: 'contain', scale: drawn / cover, strength, peakUpscale: MAX_UPSCALE };
}
