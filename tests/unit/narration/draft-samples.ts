import type { Tables } from '../../../lib/database.types.ts'
import { agentRow, listingRow, TEAM } from '../videos/fixtures.ts'

/*
 * Seven varied listings with their photos (captions and file names as people upload them): the
 * before/after drafts in docs/narration.md (scripts/narration-samples.ts) and example tests.
 */

export type Sample = {
  name: string
  row: Tables<'listings'>
  photos: { id: string; path: string; caption: string | null }[]
  agent: Tables<'agents'> | null
}

const photo = (listing: string, i: number, file: string, caption: string | null = null) => ({
  id: `aaaaaaaa-0000-4000-8000-${listing.slice(0, 4)}${String(i).padStart(8, '0')}`,
  path: `${TEAM}/listings/${listing}/bbbbbbbb-0000-4000-8000-${String(i).padStart(12, '0')}/${file}`,
  caption,
})

const id = (n: number) => `${n}${n}${n}${n}0000-2222-4333-8444-555555555555`

export const SAMPLES: Sample[] = [
  {
    name: 'US house for sale, imperial (Greenwich, CT)',
    row: listingRow({
      id: id(1), country: 'US', currency: 'USD', price: 3450000, property_type: 'house', title: 'Old Mill Road',
      address_line: '1180 Old Mill Road', city: 'Greenwich', region: 'CT', postal_code: '06831',
      bedrooms: 5, bathrooms: 3.5, floor_area: 5800, area_unit: 'sqft', year_built: 2019,
      features: ['Home office', 'Two fireplaces', 'Heated pool', 'Floor-to-ceiling glass', 'Three-car garage', 'Wine cellar'],
      description: 'A modern shingle-style home on two quiet acres. The kitchen opens to the family room through floor-to-ceiling glass. It is ten minutes to Greenwich Avenue and the train to Manhattan.',
    }),
    photos: [
      photo(id(1), 0, 'front-exterior.jpg', 'Front elevation'),
      photo(id(1), 1, 'IMG_2041.jpg', 'Living room with fireplace'),
      photo(id(1), 2, 'kitchen.jpg'),
      photo(id(1), 3, 'IMG_2050.jpg', 'Pool at dusk'),
      photo(id(1), 4, 'study.jpg'),
      photo(id(1), 5, 'IMG_2077.jpg'),
    ],
    agent: agentRow({ full_name: 'Dana Whitfield', brokerage: 'Whitfield & Co' }),
  },
  {
    name: 'UK flat to rent, metric (London)',
    row: listingRow({
      id: id(2), country: 'GB', currency: 'GBP', price: 1650, offer: 'rent', rent_period: 'month', property_type: 'apartment',
      title: 'Camden flat', address_line: '14 Agar Grove', city: 'London', region: null, postal_code: 'NW1 9SL',
      bedrooms: 1, bathrooms: 1, floor_area: 48, area_unit: 'sqm', year_built: null,
      features: ['Private balcony', 'Wood floors', 'Dishwasher'],
      description: 'A bright one-bedroom flat on the second floor of a period conversion. It is a five-minute walk from Camden Road station. Available from January, unfurnished.',
    }),
    photos: [
      photo(id(2), 0, 'living-room.jpg', 'Living room'),
      photo(id(2), 1, 'kitchen.jpg', 'Kitchen'),
      photo(id(2), 2, 'bedroom.jpg'),
      photo(id(2), 3, 'balcony.jpg', 'Balcony'),
    ],
    agent: agentRow({ full_name: 'Priya Shah', brokerage: 'Camden Lettings' }),
  },
  {
    name: 'AU apartment for sale, metric (Sydney)',
    row: listingRow({ id: id(3), description: 'A light-filled flat with a renovated kitchen. It is a short walk to Circular Quay and the ferries, with cafés on the corner. Strata levies apply.' }),
    photos: [
      photo(id(3), 0, 'IMG_0001.jpg', 'Living room with harbour views'),
      photo(id(3), 1, 'IMG_0002.jpg', 'Kitchen'),
      photo(id(3), 2, 'IMG_0003.jpg', 'Gym on level 2'),
      photo(id(3), 3, 'IMG_0004.jpg', 'Main bedroom'),
      photo(id(3), 4, 'IMG_0005.jpg', 'Balcony'),
    ],
    agent: agentRow(),
  },
  {
    name: 'UK country house for sale, imperial (Cotswolds)',
    row: listingRow({
      id: id(4), country: 'GB', currency: 'GBP', price: 2750000, property_type: 'house', title: 'Manor Farm',
      address_line: 'Manor Farm, Church Lane', city: 'Bibury', region: 'Gloucestershire', postal_code: 'GL7 5NR',
      bedrooms: 6, bathrooms: 4, floor_area: 6200, area_unit: 'sqft', year_built: 1720,
      features: ['Inglenook fireplaces', 'Walled garden', 'Stables', 'Aga', 'Tennis court'],
      description: 'A Grade II listed Cotswold stone farmhouse set in twelve acres. The village pub and primary school are a short walk away. Cirencester is fifteen minutes by car.',
    }),
    photos: [
      photo(id(4), 0, 'manor-farm-front.jpg', 'The house from the lane'),
      photo(id(4), 1, 'drawing-room.jpg'),
      photo(id(4), 2, 'kitchen-aga.jpg', 'Farmhouse kitchen'),
      photo(id(4), 3, 'garden.jpg', 'Walled garden in June'),
      photo(id(4), 4, 'stables.jpg'),
      photo(id(4), 5, 'DSC_0193.jpg'),
      photo(id(4), 6, 'tennis.jpg', 'Tennis court'),
    ],
    agent: agentRow({ full_name: 'Hugo Marsh', brokerage: 'Marsh Country' }),
  },
  {
    name: 'AU house to rent, weekly (Melbourne)',
    row: listingRow({
      id: id(5), country: 'AU', currency: 'AUD', price: 950, offer: 'rent', rent_period: 'week', property_type: 'house', title: 'Fitzroy terrace',
      address_line: '27 Napier St', city: 'Fitzroy', region: 'VIC', postal_code: '3065',
      bedrooms: 3, bathrooms: 2, floor_area: null, year_built: 1890,
      features: ['Courtyard garden', 'Ducted heating', 'Off-street parking'],
      description: 'A restored Victorian terrace. Smith Street trams and cafés are at the end of the street.',
    }),
    photos: [
      photo(id(5), 0, 'facade.jpg', null),
      photo(id(5), 1, 'lounge.jpg', null),
      photo(id(5), 2, 'courtyard.jpg', null),
      photo(id(5), 3, 'bed1.jpg', null),
      photo(id(5), 4, 'bath.jpg', null),
    ],
    agent: null,
  },
  {
    name: 'US apartment to rent, imperial (New York)',
    row: listingRow({
      id: id(6), country: 'US', currency: 'USD', price: 4200, offer: 'rent', rent_period: 'month', property_type: 'apartment', title: 'Chelsea 2BR',
      address_line: '301 W 22nd St, Apt 5C', city: 'New York', region: 'NY', postal_code: '10011',
      bedrooms: 2, bathrooms: 1, floor_area: 850, area_unit: 'sqft', year_built: 1931,
      features: ['Doorman', 'Washer/dryer in unit', 'Roof deck', 'Exposed brick'],
      description: 'Two blocks from the High Line and the 23rd Street subway. Pets considered.',
    }),
    photos: [
      photo(id(6), 0, 'living.jpg', 'Living room'),
      photo(id(6), 1, 'kitchen.jpg', null),
      photo(id(6), 2, 'roof.jpg', 'Roof deck'),
    ],
    agent: agentRow({ full_name: 'Marco Ruiz', brokerage: null }),
  },
  {
    name: 'AU land for sale, no price (Byron hinterland)',
    row: listingRow({
      id: id(7), country: 'AU', currency: 'AUD', price: null, property_type: 'land', title: 'Coopers Lane block',
      address_line: 'Lot 4 Coopers Lane', city: 'Bangalow', region: 'NSW', postal_code: '2479',
      bedrooms: null, bathrooms: null, floor_area: 20000, area_unit: 'sqm', year_built: null,
      features: ['Creek frontage', 'Approved building envelope'],
      description: 'Rolling pasture with a permanent creek. Bangalow village is five minutes away.',
    }),
    photos: [photo(id(7), 0, 'aerial.jpg', 'From above'), photo(id(7), 1, 'creek.jpg', 'The creek'), photo(id(7), 2, 'view.jpg')],
    agent: agentRow({ full_name: 'Sam Kerr', brokerage: 'Hinterland Property' }),
  },
]
