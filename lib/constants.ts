// Business constants shared by the app, the tests and (by value) the SQL migrations.
// When one changes here, the matching literal in supabase/migrations must change too;
// tests/integration/app asserts the database agrees with these values.

/** Credits a new team receives when it is created (one 'welcome' ledger row). */
export const WELCOME_CREDITS = 3;

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

/** Avatar uploads: public bucket, one folder per user id. */
export const AVATARS = {
  bucket: 'avatars',
  maxBytes: 2 * 1024 * 1024,
  mimeTypes: ['image/jpeg', 'image/png', 'image/webp'],
} as const;

/** sonner defaults from the spec. */
export const TOASTS = {
  position: 'bottom-right',
  duration: 4000,
  visibleToasts: 3,
  width: 356,
  gap: 14,
} as const;
