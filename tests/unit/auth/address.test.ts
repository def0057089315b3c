import { describe, expect, it } from 'vitest'
import { addressKey, clientAddressFrom, retryMessage } from '@/lib/auth/address'

const from = (headers: Record<string, string>) => (name: string) => headers[name] ?? null

describe('clientAddressFrom', () => {
  it('trusts no header unless configuration names one', () => {
    expect(clientAddressFrom(from({ 'x-forwarded-for': '203.0.113.9' }), { hops: 1 })).toBeNull()
  })

  it('takes the entry our proxy appended (from the right), never what the client wrote to the left', () => {
    const read = from({ 'x-forwarded-for': '6.6.6.6, 1.1.1.1, 203.0.113.9' })
    expect(clientAddressFrom(read, { header: 'x-forwarded-for', hops: 1 })).toBe('203.0.113.9')
    expect(clientAddressFrom(read, { header: 'x-forwarded-for', hops: 2 })).toBe('1.1.1.1')
    expect(clientAddressFrom(read, { header: 'x-forwarded-for', hops: 4 })).toBeNull()
  })

  it('reads single-value headers such as cf-connecting-ip, and normalises IPv4-mapped and bracketed IPv6', () => {
    expect(clientAddressFrom(from({ 'cf-connecting-ip': '198.51.100.7' }), { header: 'cf-connecting-ip', hops: 1 })).toBe('198.51.100.7')
    expect(clientAddressFrom(from({ 'x-real-ip': '::ffff:10.0.0.1' }), { header: 'x-real-ip', hops: 1 })).toBe('10.0.0.1')
    expect(clientAddressFrom(from({ 'x-real-ip': '[2001:db8::1]' }), { header: 'x-real-ip', hops: 1 })).toBe('2001:db8::1')
  })

  it.each(['', 'unknown', 'evil.test', '999.1.1.1', '1.2.3.4\u0000', '<script>'])('refuses %j as an address', (value) => {
    expect(clientAddressFrom(from({ 'x-real-ip': value }), { header: 'x-real-ip', hops: 1 })).toBeNull()
  })
})

describe('addressKey', () => {
  it('keeps IPv4 as is and counts IPv6 per /64', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9')
    expect(addressKey('2001:db8:0:1:aaaa::1')).toBe('2001:db8:0:1::/64')
    expect(addressKey('2001:0db8:0000:0001:ffff:ffff:ffff:ffff')).toBe('2001:db8:0:1::/64')
    expect(addressKey('::1')).toBe('0:0:0:0::/64')
  })
})

describe('retryMessage', () => {
  it('says how many minutes, rounded up, at least one', () => {
    expect(retryMessage(5)).toBe('Too many attempts. Try again in 1 minute.')
    expect(retryMessage(61)).toBe('Too many attempts. Try again in 2 minutes.')
    expect(retryMessage(900)).toBe('Too many attempts. Try again in 15 minutes.')
  })
})
