/*
 * Which part of the home a photo shows, and which part a feature or a description sentence is
 * about, from their words alone (offline: the photo's caption, else the words of its file name such
 * as "kitchen-2.jpg" or "bed1.jpg"). A feature goes to the photo of its room ("Wine cellar" to
 * "cellar.jpg", "Two fireplaces" to "Living room with fireplace"), never to another room's photo.
 */

export type Room =
  | 'exterior' | 'living' | 'dining' | 'kitchen' | 'bedroom' | 'bathroom' | 'office' | 'laundry' | 'garden' | 'pool'
  | 'outdoor' | 'garage' | 'cellar' | 'gym' | 'stables' | 'tennis' | 'view' | 'land' | 'hall'

/** Words (stems, lower case) naming each room, most specific first; multi-word entries match as phrases. */
const LEXICON: [Room, string[]][] = [
  ['pool', ['pool', 'swimming', 'spa', 'hot tub', 'plunge']],
  ['tennis', ['tennis', 'court']],
  ['cellar', ['cellar', 'wine', 'basement']],
  ['gym', ['gym', 'fitness', 'sauna']],
  ['stables', ['stable', 'stables', 'barn', 'paddock', 'paddocks', 'equestrian', 'arena', 'tack']],
  ['office', ['office', 'study', 'library', 'workspace', 'den']],
  ['laundry', ['laundry', 'utility', 'washer', 'dryer', 'mudroom']],
  ['kitchen', ['kitchen', 'kitchenette', 'aga', 'pantry', 'island', 'cooktop', 'oven', 'ovens', 'dishwasher', 'breakfast bar', 'scullery']],
  ['dining', ['dining']],
  ['bathroom', ['bathroom', 'bath', 'ensuite', 'en-suite', 'shower', 'powder', 'wc', 'toilet', 'vanity', 'vanities', 'tub', 'bathtub']],
  ['bedroom', ['bedroom', 'bed', 'master', 'main bedroom', 'suite', 'nursery', 'guest', 'bunk', 'walk-in robe', 'wardrobe', 'closet']],
  ['living', ['living', 'lounge', 'family room', 'sitting', 'drawing', 'reception', 'fireplace', 'fireplaces', 'inglenook', 'snug', 'media room', 'cinema', 'theatre', 'theater']],
  ['hall', ['hall', 'hallway', 'entry', 'entrance', 'foyer', 'staircase', 'stairs', 'landing']],
  ['garden', ['garden', 'gardens', 'yard', 'backyard', 'lawn', 'lawns', 'courtyard', 'orchard', 'landscaping']],
  ['outdoor', ['balcony', 'terrace', 'deck', 'patio', 'veranda', 'verandah', 'porch', 'roof', 'rooftop', 'bbq', 'barbecue', 'alfresco', 'loggia', 'pergola']],
  ['garage', ['garage', 'carport', 'parking', 'driveway', 'car']],
  ['view', ['view', 'views', 'outlook', 'vista', 'sunset', 'skyline']],
  ['land', ['creek', 'river', 'pasture', 'acre', 'acres', 'hectare', 'hectares', 'block', 'land', 'aerial', 'drone', 'above', 'field', 'fields', 'woodland', 'frontage']],
  ['exterior', ['exterior', 'front', 'facade', 'façade', 'elevation', 'street', 'streetscape', 'outside', 'house', 'home', 'lane', 'approach', 'kerb', 'curb', 'building']],
]

/** The words of a text (a caption, a file name without its extension and digits), lower case. */
export function wordsOf(text: string): string[] {
  return text
    .replace(/\.[a-z0-9]{2,5}$/i, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean)
}

/** Every room the words name, in the order of the lexicon (most specific first). */
export function roomsIn(text: string): Room[] {
  const words = wordsOf(text)
  const joined = ` ${words.join(' ')} `
  const found: Room[] = []
  for (const [room, names] of LEXICON) {
    if (names.some((name) => (name.includes(' ') || name.includes('-') ? joined.includes(` ${name.replace('-', ' ')} `) : words.includes(name)))) found.push(room)
  }
  return found
}

/**
 * A photo's room: from its caption when that names one, else from its file name's words (a camera's
 * "IMG_2041.jpg" names none). The first word that names a room wins in a caption ("Living room with
 * fireplace" is the living room, "Kitchen with 2 ovens" the kitchen).
 */
export function photoRoom(caption: string | null | undefined, file: string | null | undefined): Room | undefined {
  for (const text of [caption, file]) {
    if (!text) continue
    const words = wordsOf(text)
    let best: { room: Room; at: number } | undefined
    for (const [room, names] of LEXICON) {
      for (const name of names) {
        const at = name.includes(' ') || name.includes('-') ? ` ${words.join(' ')} `.indexOf(` ${name.replace('-', ' ')} `) : words.indexOf(name)
        if (at >= 0 && (!best || at < best.at)) best = { room, at }
      }
    }
    if (best) return best.room
  }
  return undefined
}
