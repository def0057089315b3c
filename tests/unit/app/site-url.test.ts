import { afterEach, describe, expect, it, vi } from 'vitest'
import { siteUrl } from '@/lib/env'

// Emailed links start with the configured site URL, never with a request's headers (issue 11).
describe('siteUrl', () => {
  afterEach(() => vi.unstubAllEnvs())

  it('is the configured address, origin only', () => {
    vi.stubEnv('SITE_URL', 'https://studio.example.com/some/path?x=1')
    expect(siteUrl()).toBe('https://studio.example.com')
  })

  it('defaults to the local address beside the stand-in', () => {
    vi.stubEnv('SITE_URL', '')
    vi.stubEnv('NEXT_PUBLIC_SUPABASE_URL', 'http://127.0.0.1:54321')
    expect(siteUrl()).toBe('http://localhost:3000')
  })

  it('must be set against a hosted project', () => {
    vi.stubEnv('SITE_URL', '')
    vi.stubEnv('NEXT_PUBLIC_SUPABASE_URL', 'https://abcd.supabase.co')
    vi.stubEnv('SUPABASE_SERVICE_ROLE_KEY', 'x'.repeat(40))
    expect(() => siteUrl()).toThrow(/SITE_URL must be set/)
  })

  it('refuses what is not an http(s) URL', () => {
    vi.stubEnv('SITE_URL', 'javascript:alert(1)')
    expect(() => siteUrl()).toThrow(/Invalid environment/)
  })
})
