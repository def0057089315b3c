import { afterEach, describe, expect, it, vi } from 'vitest'
import { LOCAL_SUPABASE_URL, isLocalSupabase, publicEnv, serverEnv } from '@/lib/env'

afterEach(() => vi.unstubAllEnvs())

describe('env', () => {
  it('defaults to the embedded stand-in with its keys when nothing is set', () => {
    vi.stubEnv('NEXT_PUBLIC_SUPABASE_URL', '')
    vi.stubEnv('NEXT_PUBLIC_SUPABASE_ANON_KEY', '')
    vi.stubEnv('SUPABASE_SERVICE_ROLE_KEY', '')
    expect(publicEnv().NEXT_PUBLIC_SUPABASE_URL).toBe(LOCAL_SUPABASE_URL)
    expect(publicEnv().NEXT_PUBLIC_SUPABASE_ANON_KEY).toMatch(/^eyJ/)
    expect(serverEnv().SUPABASE_SERVICE_ROLE_KEY).toMatch(/^eyJ/)
  })

  it('refuses a Supabase URL that is not a URL', () => {
    vi.stubEnv('NEXT_PUBLIC_SUPABASE_URL', 'not a url')
    expect(() => publicEnv()).toThrow(/NEXT_PUBLIC_SUPABASE_URL/)
  })

  it('never falls back to the local service key for a hosted project', () => {
    vi.stubEnv('NEXT_PUBLIC_SUPABASE_URL', 'https://abc.supabase.co')
    vi.stubEnv('SUPABASE_SERVICE_ROLE_KEY', '')
    expect(serverEnv().SUPABASE_SERVICE_ROLE_KEY).toBeUndefined()
  })

  it('tells the local stand-in from a hosted project', () => {
    expect(isLocalSupabase('http://127.0.0.1:54321')).toBe(true)
    expect(isLocalSupabase('http://localhost:54321')).toBe(true)
    expect(isLocalSupabase('https://abc.supabase.co')).toBe(false)
  })
})
