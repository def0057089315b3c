/** Where the end-to-end stack listens (fixed ports: the app is built with the Supabase URL inlined). */
export const E2E_APP_PORT = Number(process.env.E2E_APP_PORT ?? 3111)
export const E2E_SUPABASE_PORT = Number(process.env.E2E_SUPABASE_PORT ?? 54329)
/** saved listing pages the import tests read (tests/helpers/listing-pages-server.ts) */
export const E2E_LISTING_PAGES_PORT = Number(process.env.E2E_LISTING_PAGES_PORT ?? 3114)
export const listingPagesUrl = `http://127.0.0.1:${E2E_LISTING_PAGES_PORT}`
export const appUrl = `http://127.0.0.1:${E2E_APP_PORT}`
export const standInUrl = `http://127.0.0.1:${E2E_SUPABASE_PORT}`

export const DEMO_PASSWORD = 'demo-password-1'
export const DEMO = {
  owner: 'owner@demo.test',
  member: 'member@demo.test',
  admin: 'admin@demo.test',
} as const

/** The demo administrator's authenticator secret (supabase/seed.sql; README). */
export const DEMO_ADMIN_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
