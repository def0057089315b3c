import type { VideoProps } from '@/remotion/schema';

export const LONG_ADDRESS =
  'Apartment 14B, The Old Harbour Master’s Residence, 1187 Wharfside Promenade East at Kingsbridge Quay';

/** One photo, no agent, no price: the smallest listing a video can be made from. */
export const minimalListing: VideoProps = {
  listing: { address: { line: '12 Elm Street' }, offer: 'sale', propertyType: 'other' },
  scenes: [{ id: 'scene-1', src: '/remotion/samples/living-room.jpg' }],
};

/** Forty photos, a long address and every optional field filled in. */
export const maximalListing: VideoProps = {
  listing: {
    title: 'Waterfront penthouse with wraparound terrace and private mooring',
    address: { line: LONG_ADDRESS, city: 'Kingsbridge-upon-Thames', region: 'Greater London', postalCode: 'KT1 4QR', country: 'GB' },
    offer: 'rent',
    price: { amount: 12_500, currency: 'GBP', period: 'month' },
    propertyType: 'apartment',
    bedrooms: 5,
    bathrooms: 4.5,
    area: { value: 2150, unit: 'sqm' },
    yearBuilt: 1896,
    features: Array.from({ length: 24 }, (_, i) => `Feature number ${i + 1} with a fairly long description`),
  },
  scenes: Array.from({ length: 40 }, (_, i) => ({
    id: `scene-${i + 1}`,
    src: `/remotion/samples/photo-${i + 1}.jpg`,
    caption: `Caption ${i + 1}: a room with a view that goes on for quite a while`,
    seconds: 12,
    motion: (['zoom-in', 'zoom-out', 'pan-left', 'pan-right'] as const)[i % 4],
    script: 'A short line of narration for this room.',
  })),
  titleCard: { heading: 'The Harbour Master’s Penthouse', subheading: 'Five bedrooms above the river, ready in spring' },
  show: { price: true, facts: true, features: true },
  agent: {
    fullName: 'Alexandra Montgomery-Fitzwilliam',
    title: 'Director of Prime Residential Lettings',
    phone: '+44 20 7946 0958',
    email: 'alexandra.montgomery-fitzwilliam@kingsbridge-prime-residential.co.uk',
    brokerage: 'Kingsbridge Prime Residential & Lettings Partnership',
    licenseNo: 'LIC-0042',
    photoSrc: '/remotion/samples/agent.jpg',
    logoSrc: '/remotion/samples/logo.png',
  },
  brandColor: '#f5d90a',
  music: { src: '/remotion/samples/music.mp3', volume: 0.4, fadeInSeconds: 2, fadeOutSeconds: 3 },
  narration: { src: '/remotion/samples/narration.wav', volume: 1, fadeInSeconds: 0.2, fadeOutSeconds: 0.5, startSeconds: 2 },
  watermark: true,
  fps: 60,
  locale: 'en-GB',
};
