// Business constants shared by the app, the tests and (by value) the SQL migrations.
// When one changes here, the matching literal in supabase/migrations must change too;
// tests/integration/app asserts the database agrees with these values.

/** Credits a person's first team receives (one 'welcome' ledger row; once per address, ever). */
export const WELCOME_CREDITS = 3;
/** Teams one person may own at once (public.create_team refuses the next). */
export const MAX_OWNED_TEAMS = 10;

/** Credits one render of a team video costs (taken when queued, refunded on failure). */
export const RENDER_CREDIT_COST = 1;

/** Team names are trimmed, then must be this long. */
export const TEAM_NAME = { min: 2, max: 60 } as const;

/** Minimum password length for email sign-up (matches supabase/config.toml). */
export const PASSWORD_MIN = 8;

/** Days an emailed team invitation stays valid. */
export const INVITATION_DAYS = 7;

/** Roles a person can hold inside a team, most powerful first. */
export const TEAM_ROLES = ['owner', 'admin', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** Roles an invitation may grant (ownership is never handed out by email). */
export const INVITATION_ROLES = ['admin', 'member'] as const;
export type InvitationRole = (typeof INVITATION_ROLES)[number];

/** Why a credit balance changed. */
export const CREDIT_REASONS = ['welcome', 'coupon', 'render', 'refund', 'admin_grant'] as const;
export type CreditReason = (typeof CREDIT_REASONS)[number];

/** Site administrators' user tools; supabase/migrations/20261125014000_admin_users.sql repeats these. */
export const ADMIN_GRANT = { min: 1, max: 10_000, noteMax: 500 } as const;
/** Ban lengths an administrator picks from, as the auth server's ban_duration hours (permanent: 100 years). */
export const BAN_DURATIONS = [
  { id: '24h', label: '24 hours', hours: 24 },
  { id: '7d', label: '7 days', hours: 24 * 7 },
  { id: '30d', label: '30 days', hours: 24 * 30 },
  { id: 'permanent', label: 'Until lifted', hours: 876_000 },
] as const;
export type BanDurationId = (typeof BAN_DURATIONS)[number]['id'];
/** The admin user list: rows per page (at most 100, checked again in SQL). */
export const ADMIN_USERS_PAGE_SIZE = 50;

/** Coupons; supabase/migrations/20261125011000_coupons.sql repeats these. A null max_redemptions means no limit. */
export const COUPON = {
  codePattern: /^[A-Z0-9-]{4,32}$/,
  codeMin: 4,
  codeMax: 32,
  creditsMin: 1,
  creditsMax: 1000,
  maxRedemptionsMax: 1_000_000,
  /**
   * Refused redemptions counted inside public.redeem_coupon (20261126000400_coupon_attempts.sql repeats
   * these): per person per 15 minutes and per team per hour; over either, every code is refused unread.
   */
  refusalsPerAccount: 10,
  accountWindowMinutes: 15,
  refusalsPerTeam: 20,
  teamWindowMinutes: 60,
} as const;

/** Avatar uploads: public bucket, one folder per user id. */
export const AVATARS = {
  bucket: 'avatars',
  maxBytes: 2 * 1024 * 1024,
  mimeTypes: ['image/jpeg', 'image/png', 'image/webp'],
} as const;

/** The voice catalogue; supabase/migrations/20261125012000_voices_admin.sql repeats the bucket's limits. */
export const VOICE_GENDERS = ['female', 'male', 'neutral'] as const;
export type VoiceGender = (typeof VOICE_GENDERS)[number];
export const VOICES = {
  /** public bucket: samples under `samples/{voice id}/` */
  bucket: 'voices',
  sampleMaxBytes: 5 * 1024 * 1024,
  /** what a sample may be, judged by its bytes */
  sampleMimeTypes: ['audio/mpeg', 'audio/wav', 'audio/mp4', 'audio/aac', 'audio/ogg'],
  nameMax: 80,
  providerVoiceIdMax: 200,
} as const;

/** sonner defaults from the spec. */
export const TOASTS = {
  position: 'bottom-right',
  duration: 4000,
  visibleToasts: 3,
  width: 356,
  gap: 14,
} as const;

/** Listing ("prop") choices and limits; supabase/migrations/20261122001000_listings.sql repeats them. */
export const LISTING_STATUSES = ['draft', 'active', 'under_offer', 'sold', 'archived'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];
export const LISTING_OFFERS = ['sale', 'rent'] as const;
export type ListingOffer = (typeof LISTING_OFFERS)[number];
export const RENT_PERIODS = ['week', 'month', 'year'] as const;
export type RentPeriod = (typeof RENT_PERIODS)[number];
export const PROPERTY_TYPES = ['house', 'apartment', 'townhouse', 'land', 'commercial', 'other'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];
export const AREA_UNITS = ['sqm', 'sqft'] as const;
export type AreaUnit = (typeof AREA_UNITS)[number];

export const LISTING = {
  titleMax: 120,
  addressLineMax: 200,
  cityMax: 100,
  regionMax: 100,
  postalCodeMax: 20,
  descriptionMax: 5000,
  featureMax: 40,
  featuresMax: 30,
  bedroomsMax: 99,
  bathroomsMax: 99,
  yearBuilt: { min: 1600, max: 2100 },
  /** numeric(14,2) */
  priceMax: 999_999_999_999.99,
  pageSize: 20,
} as const;

export const AGENT = {
  fullNameMax: 120,
  titleMax: 120,
  emailMax: 254,
  phoneMax: 40,
  brokerageMax: 120,
  licenseNoMax: 60,
} as const;

export const MEDIA_KINDS = ['photo', 'video', 'audio', 'logo'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** The private media library bucket: one folder per team id, thumbnails under `{team}/thumbs/`. */
export const MEDIA = {
  bucket: 'media',
  maxBytes: 15 * 1024 * 1024,
  maxPhotosPerListing: 40,
  thumbWidth: 480,
  captionMax: 200,
  nameMax: 200,
  /** what each kind accepts, judged by the file's bytes, not its name */
  mimeTypes: {
    photo: ['image/jpeg', 'image/png', 'image/webp'],
    logo: ['image/jpeg', 'image/png', 'image/webp'],
    video: ['video/mp4', 'video/webm', 'video/quicktime'],
    audio: ['audio/mpeg', 'audio/wav', 'audio/mp4', 'audio/aac', 'audio/ogg'],
  },
  /** signed URLs handed to pages live this long */
  signedUrlSeconds: 60 * 60,
} as const;

/** Feedback sent from the dashboard; supabase/migrations/20261125013000_feedback.sql repeats the limits. */
export const FEEDBACK_KINDS = ['bug', 'idea', 'praise', 'other'] as const;
export type FeedbackKind = (typeof FEEDBACK_KINDS)[number];
export const FEEDBACK_STATUSES = ['new', 'reviewed', 'resolved'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];
export const FEEDBACK = {
  messageMax: 2000,
  noteMax: 2000,
  pagePathMax: 500,
  /** messages one person may send per hour (counted in SQL) */
  perHour: 20,
  pageSize: 20,
} as const;
