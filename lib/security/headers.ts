/**
 * The security headers (docs/security.md). The Content-Security-Policy allows scripts only with the
 * per-request nonce ('strict-dynamic' then trusts what those load: Next's chunks), so an injected
 * <script> or inline handler does not run. Styles may be inline: React and the Remotion Player set
 * style attributes, which a nonce cannot cover. Images, media and API calls may go to the Supabase
 * project (storage URLs, REST, realtime over WebSocket) besides this site.
 */
export interface CspOptions {
  nonce: string
  supabaseUrl: string
  /** next dev needs eval for React's debugging and Fast Refresh */
  development: boolean
  /** https sites get upgrade-insecure-requests */
  https: boolean
  /** the configured CAPTCHA provider (docs/captcha.md): its widget's frames, scripts and calls */
  captcha?: 'turnstile' | 'hcaptcha' | null
}

// what each provider's widget loads, from its documentation's CSP section
const CAPTCHA_ORIGINS = {
  turnstile: { script: ['https://challenges.cloudflare.com'], frame: ['https://challenges.cloudflare.com'], connect: ['https://challenges.cloudflare.com'] },
  hcaptcha: {
    script: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    frame: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    connect: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
  },
} as const

export function contentSecurityPolicy({ nonce, supabaseUrl, development, https, captcha }: CspOptions): string {
  const supabase = new URL(supabaseUrl)
  const realtime = `${supabase.protocol === 'https:' ? 'wss:' : 'ws:'}//${supabase.host}`
  const extra = captcha ? CAPTCHA_ORIGINS[captcha] : null
  const list = (origins: readonly string[] | undefined) => (origins?.length ? ` ${origins.join(' ')}` : '')
  const directives = [
    "default-src 'self'",
    // the host list is for browsers without 'strict-dynamic'; with it, the nonce'd chain decides
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ''}${list(extra?.script)}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' blob: data: ${supabase.origin}`,
    `media-src 'self' blob: data: ${supabase.origin}`,
    "font-src 'self' data:",
    `connect-src 'self' ${supabase.origin} ${realtime}${list(extra?.connect)}`,
    "worker-src 'self' blob:",
    extra ? `frame-src${list(extra.frame)}` : "frame-src 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ]
  return directives.join('; ')
}

/** Headers every response carries (static files included), set in next.config.ts. */
export const STATIC_SECURITY_HEADERS: { key: string; value: string }[] = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  {
    key: 'Permissions-Policy',
    value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=(), browsing-topics=()',
  },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
]

/** Two years, subdomains included; sent by production servers (browsers ignore it over plain http). */
export const HSTS = 'max-age=63072000; includeSubDomains'

/** A fresh, unguessable nonce per request (128 random bits, base64). */
export function newNonce(): string {
  const bytes = new Uint8Array(16)
  crypto.getRandomValues(bytes)
  return btoa(String.fromCharCode(...bytes))
}
