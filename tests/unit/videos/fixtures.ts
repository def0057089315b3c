import type { Tables } from '../../../lib/database.types.ts'

export const TEAM = '0b6c1f8e-6f1e-4a53-9d47-0d2c1f6a7b10'
export const OTHER_TEAM = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d'
export const LISTING = '11111111-2222-4333-8444-555555555555'

/** A listing row as the database returns it (numeric columns arrive as numbers). */
export function listingRow(overrides: Partial<Tables<'listings'>> = {}): Tables<'listings'> {
  return {
    id: LISTING,
    team_id: TEAM,
    agent_id: null,
    status: 'active',
    offer: 'sale',
    rent_period: null,
    property_type: 'apartment',
    title: 'Sunny harbour flat',
    address_line: '1 Harbour Street',
    city: 'Sydney',
    region: 'NSW',
    postal_code: '2000',
    country: 'AU',
    price: 850000,
    currency: 'AUD',
    bedrooms: 2,
    bathrooms: 1.5,
    floor_area: 92,
    area_unit: 'sqm',
    year_built: 2015,
    description: null,
    features: ['Harbour views', 'Balcony', 'Secure parking', 'Gym'],
    cover_asset_id: null,
    created_by: null,
    created_at: '2026-11-22T00:00:00Z',
    updated_at: '2026-11-22T00:00:00Z',
    search_text: 'sunny harbour flat 1 harbour street sydney',
    ...overrides,
  }
}

export function agentRow(overrides: Partial<Tables<'agents'>> = {}): Tables<'agents'> {
  return {
    id: '22222222-3333-4444-8555-666666666666',
    team_id: TEAM,
    full_name: 'Ann Lee',
    title: 'Principal',
    email: 'ann@harbour.example',
    phone: '+61 2 5550 1234',
    brokerage: 'Harbour Realty',
    license_no: null,
    photo_path: `${TEAM}/agents/ann/photo.jpg`,
    logo_path: `${TEAM}/agents/ann/logo.png`,
    brand_color: '#1a73e8',
    created_at: '2026-11-22T00:00:00Z',
    updated_at: '2026-11-22T00:00:00Z',
    ...overrides,
  }
}

export const photos = (count: number, captions: (string | null)[] = []) =>
  Array.from({ length: count }, (_, i) => ({
    id: `aaaaaaaa-0000-4000-8000-${String(i).padStart(12, '0')}`,
    path: `${TEAM}/listings/${LISTING}/u${i}/photo-${i}.jpg`,
    caption: captions[i] ?? null,
  }))
