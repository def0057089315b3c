import { describe, expect, it } from 'vitest'
import { DEFAULT_NEXT_PATH, loginPath, safeNextPath, secondFactorPath } from '@/lib/auth/next-path'

describe('safeNextPath', () => {
  it('keeps a same-origin path with its query and hash', () => {
    expect(safeNextPath('/dashboard/abc/props?status=active#top')).toBe('/dashboard/abc/props?status=active#top')
  })

  it.each([
    ['an absolute URL to another site', 'https://evil.example/steal'],
    ['a protocol-relative URL', '//evil.example/steal'],
    ['a backslash trick', '/\\evil.example'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a relative path without a slash', 'dashboard'],
    ['a path with a newline', '/dashboard\n/evil'],
    ['an empty string', ''],
    ['something that is not a string', 42],
  ])('falls back to the dashboard for %s', (_what, value) => {
    expect(safeNextPath(value)).toBe(DEFAULT_NEXT_PATH)
  })

  // what a browser's address bar or a search-params parser hands the page after decoding once
  it.each([
    '/.//evil.test',
    '/./\\evil.test',
    '/.\\/evil.test',
    '\\/\\/evil.test',
    '/\\/evil.test',
    '/%2F/evil.test',
    '/%2f%2fevil.test',
    '/%5C%5Cevil.test',
    '/%5c/evil.test',
    '/../..//evil.test',
    '/x/..//evil.test',
    '/\t/evil.test',
    '/\t//evil.test',
    '//\tevil.test',
    '/ //evil.test',
    '/\u00a0//evil.test',
    'https:evil.test',
    'https:/evil.test',
    'https://evil.test',
    'HTTPS://evil.test',
    '/https://evil.test'.slice(1),
    'http:\\\\evil.test',
    '\\\\evil.test',
    '/%00//evil.test',
    '/auth/%6cogin?next=//evil.test',
    '/auth/login/',
  ])('refuses %j, which normalises to another host or back into sign-in', (value) => {
    const result = safeNextPath(value)
    expect(result).toBe(DEFAULT_NEXT_PATH)
  })

  it('keeps ordinary encoded paths, which stay on this site', () => {
    expect(safeNextPath('/dashboard/listings?q=a%2Fb')).toBe('/dashboard/listings?q=a%2Fb')
    expect(safeNextPath('/dashboard/./listings')).toBe('/dashboard/listings')
  })

  it('never sends a person back into sign-in or sign-up', () => {
    expect(safeNextPath('/auth/login?next=/x')).toBe(DEFAULT_NEXT_PATH)
    expect(safeNextPath('/auth/signup')).toBe(DEFAULT_NEXT_PATH)
  })

  it('uses the fallback it is given', () => {
    expect(safeNextPath('https://evil.example', '/')).toBe('/')
  })

  it('builds the sign-in path with the next path encoded', () => {
    expect(loginPath('/dashboard/create?from=x')).toBe('/auth/login?next=%2Fdashboard%2Fcreate%3Ffrom%3Dx')
  })

  it('builds the second-factor path with a checked next path: never off the site, never back into itself', () => {
    expect(secondFactorPath('/admin/users?q=a')).toBe('/auth/second-factor?next=%2Fadmin%2Fusers%3Fq%3Da')
    for (const hostile of ['https://evil.example/x', '//evil.example', '/\\evil.example', '/%2F%2Fevil.example', 'javascript:alert(1)', '/auth/second-factor?next=//evil.example']) {
      expect(secondFactorPath(hostile), hostile).toBe(`/auth/second-factor?next=${encodeURIComponent(DEFAULT_NEXT_PATH)}`)
    }
  })
})
