import { describe, expect, it } from 'vitest'
import { captchaConfig } from '@/lib/captcha/config'
import { contentSecurityPolicy } from '@/lib/security/headers'

describe('captchaConfig', () => {
  it('is off without a site key, whatever the provider says', () => {
    expect(captchaConfig({})).toBeNull()
    expect(captchaConfig({ provider: 'hcaptcha', siteKey: '  ' })).toBeNull()
  })
  it('defaults to Turnstile and accepts hCaptcha', () => {
    expect(captchaConfig({ siteKey: '0x4AAAAAAABkMYinukE8nzY' })).toEqual({ provider: 'turnstile', siteKey: '0x4AAAAAAABkMYinukE8nzY' })
    expect(captchaConfig({ provider: 'hcaptcha', siteKey: '10000000-ffff-ffff-ffff-000000000001' })?.provider).toBe('hcaptcha')
  })
  it('names the variables when a value is malformed', () => {
    expect(() => captchaConfig({ provider: 'recaptcha', siteKey: '0x4AAAAAAABkMYinukE8nzY' })).toThrow(/NEXT_PUBLIC_CAPTCHA_PROVIDER/)
    expect(() => captchaConfig({ siteKey: 'bad key"><script>' })).toThrow(/NEXT_PUBLIC_CAPTCHA_SITE_KEY/)
  })
})

describe('the CSP with a CAPTCHA', () => {
  const base = { nonce: 'abc', supabaseUrl: 'https://p.supabase.co', development: false, https: true }
  const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `))
  it('allows no frames and no third-party scripts without one', () => {
    const csp = contentSecurityPolicy(base)
    expect(directive(csp, 'frame-src')).toBe("frame-src 'none'")
    expect(csp).not.toContain('cloudflare')
  })
  it("opens only the provider's origins", () => {
    const turnstile = contentSecurityPolicy({ ...base, captcha: 'turnstile' })
    expect(directive(turnstile, 'frame-src')).toBe('frame-src https://challenges.cloudflare.com')
    expect(directive(turnstile, 'script-src')).toContain('https://challenges.cloudflare.com')
    expect(turnstile).not.toContain('hcaptcha')
    const hcaptcha = contentSecurityPolicy({ ...base, captcha: 'hcaptcha' })
    expect(directive(hcaptcha, 'frame-src')).toBe('frame-src https://hcaptcha.com https://*.hcaptcha.com')
    expect(directive(hcaptcha, 'frame-ancestors')).toBe("frame-ancestors 'none'")
  })
})
