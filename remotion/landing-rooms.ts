// The landing page's sample video: its template, photos in order with captions, and its narrator
// (no staticFile here, so the Node script that speaks it can import this: scripts/landing-narration.ts).
export const LANDING_TEMPLATE = 'social-reel' as const;

export const LANDING_ROOMS = [
  ['exterior-dusk', 'Modern living at dusk'],
  ['living-room', 'Sun-filled living room'],
  ['kitchen', "Chef's kitchen with island"],
  ['dining-room', 'Dining for eight'],
  ['bedroom', 'Calm primary suite'],
  ['pool-garden', 'Heated pool and garden'],
] as const;

/** The Flite voice the product ships as "Sarah" (the seed's voice catalogue). */
export const LANDING_VOICE = { id: 'flite-slt', providerVoiceId: 'slt' } as const;
