import { z } from 'zod'

/*
 * The CAPTCHA in front of the auth server (docs/captcha.md). Supabase verifies the token itself when
 * CAPTCHA protection is on for the project (anonymous sign-ins, sign-ups, password sign-ins, reset
 * requests); the app only shows the provider's widget and passes its token along. Both values are
 * public (the site key is meant for the browser); unset, no widget is shown and nothing is loaded.
 */

export const CAPTCHA_PROVIDERS = ['turnstile', 'hcaptcha'] as const
export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number]

export interface CaptchaConfig {
  provider: CaptchaProvider
  siteKey: string
}

const schema = z.object({
  provider: z.enum(CAPTCHA_PROVIDERS).default('turnstile'),
  siteKey: z.string().trim().regex(/^[\w-]{8,100}$/, 'a CAPTCHA site key'),
})

/** The configured CAPTCHA, or null when NEXT_PUBLIC_CAPTCHA_SITE_KEY is unset. A malformed value throws. */
export function captchaConfig(
  env: { provider?: string; siteKey?: string } = {
    // read literally so Next inlines them into the browser bundle
    provider: process.env.NEXT_PUBLIC_CAPTCHA_PROVIDER,
    siteKey: process.env.NEXT_PUBLIC_CAPTCHA_SITE_KEY,
  },
): CaptchaConfig | null {
  const siteKey = env.siteKey?.trim()
  if (!siteKey) return null
  const parsed = schema.safeParse({ provider: env.provider?.trim() || undefined, siteKey })
  if (!parsed.success) {
    throw new Error(`Invalid environment: NEXT_PUBLIC_CAPTCHA_PROVIDER / NEXT_PUBLIC_CAPTCHA_SITE_KEY: ${parsed.error.issues[0]?.message}`)
  }
  return parsed.data
}

/** A token from the widget, as the actions accept it (providers' tokens are a few KB at most). */
export const captchaTokenSchema = z.string().trim().min(1).max(8192).optional()

export const CAPTCHA_MISSING = 'Complete the check below (it shows you are a person), then try again.'
