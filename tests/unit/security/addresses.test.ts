import { describe, expect, it } from 'vitest'
import { classifyAddress, isAddressLiteral, isBlockedHostName, normalizeIPv4 } from '../../../lib/security/addresses.ts'

// Issue 24: the address classifier behind safeFetch. Every private, loopback, link-local, unique-local,
// CGNAT, multicast, reserved and metadata address is refused in every spelling; public ones pass.

describe('the address classifier', () => {
  it.each([
    ['127.0.0.1', 'loopback'], ['127.255.255.254', 'loopback'],
    ['2130706433', 'loopback'], ['0x7f000001', 'loopback'], ['0177.0.0.1', 'loopback'], ['127.1', 'loopback'], ['0x7f.1', 'loopback'],
    ['017700000001', 'loopback'], ['127.0.0.1.', 'loopback'],
    ['10.0.0.1', 'a private network'], ['10.255.255.255', 'a private network'], ['012.1.2.3', 'a private network'],
    ['172.16.0.1', 'a private network'], ['172.31.255.255', 'a private network'],
    ['192.168.0.1', 'a private network'], ['192.168.255.255', 'a private network'],
    ['100.64.0.1', 'carrier-grade NAT'], ['100.127.255.255', 'carrier-grade NAT'],
    ['169.254.169.254', 'link-local (cloud metadata)'], ['169.254.0.1', 'link-local (cloud metadata)'], ['2852039166', 'link-local (cloud metadata)'],
    ['0.0.0.0', 'this network'], ['0', 'this network'],
    ['224.0.0.1', 'multicast'], ['239.255.255.250', 'multicast'], ['240.0.0.1', 'reserved'], ['255.255.255.255', 'reserved'],
    ['192.0.2.1', 'documentation'], ['198.18.0.1', 'benchmarking'],
    ['::1', 'loopback'], ['[::1]', 'loopback'], ['0:0:0:0:0:0:0:1', 'loopback'], ['::', 'unspecified'],
    ['fe80::1', 'link-local'], ['febf::1', 'link-local'],
    ['fc00::1', 'unique local (private; fd00:ec2::254 is AWS metadata)'], ['fd00:ec2::254', 'unique local (private; fd00:ec2::254 is AWS metadata)'], ['fdff:ffff::1', 'unique local (private; fd00:ec2::254 is AWS metadata)'],
    ['ff02::1', 'multicast'], ['2001:db8::1', 'documentation'], ['2002:7f00:1::', '6to4'],
    ['::ffff:127.0.0.1', 'loopback (inside IPv6)'], ['::ffff:7f00:1', 'loopback (inside IPv6)'], ['[::ffff:169.254.169.254]', 'link-local (cloud metadata) (inside IPv6)'],
    ['::ffff:10.0.0.1', 'a private network (inside IPv6)'], ['0:0:0:0:0:ffff:c0a8:1', 'a private network (inside IPv6)'],
    ['64:ff9b::127.0.0.1', 'loopback (inside IPv6)'], ['::127.0.0.1', 'IPv4-compatible (deprecated)'],
  ])('refuses %s (%s)', (address, reason) => {
    const verdict = classifyAddress(address)
    expect(verdict.ok).toBe(false)
    if (!verdict.ok) expect(verdict.reason).toBe(reason)
  })

  it('refuses a link-local address with a zone and anything that is not an address', () => {
    for (const text of ['fe80::1%eth0', 'example.com', '1.2.3.4.5', '256.1.1.1', '1.2.3.0x100', '08.1.1.1', '', ':::1', '1::2::3']) {
      expect(classifyAddress(text).ok, text).toBe(false)
    }
  })

  it.each(['8.8.8.8', '1.1.1.1', '93.184.216.34', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '2a00:1450:4001::1', '::ffff:8.8.8.8', '134744072'])('lets %s through', (address) => {
    expect(classifyAddress(address).ok).toBe(true)
  })

  it('reads IPv4 the way a URL parser does', () => {
    expect(normalizeIPv4('2130706433')).toBe('127.0.0.1')
    expect(normalizeIPv4('0x7f000001')).toBe('127.0.0.1')
    expect(normalizeIPv4('0177.0.0.1')).toBe('127.0.0.1')
    expect(normalizeIPv4('127.1')).toBe('127.0.0.1')
    expect(normalizeIPv4('10.1.65535')).toBe('10.1.255.255')
    expect(normalizeIPv4('10.1.65536')).toBeNull()
    expect(normalizeIPv4('4294967296')).toBeNull()
    // the platform's parser agrees on each
    for (const text of ['2130706433', '0x7f000001', '0177.0.0.1', '127.1', '10.1.65535']) expect(new URL(`http://${text}/`).hostname).toBe(normalizeIPv4(text))
  })

  it('refuses the names of this machine and of metadata services before any lookup', () => {
    for (const name of ['localhost', 'LOCALHOST', 'a.b.localhost', 'localhost.', 'metadata.google.internal', 'metadata', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal', 'metadata.azure.internal']) {
      expect(isBlockedHostName(name), name).toBe(true)
    }
    for (const name of ['example.com', 'localhost.example.com', 'mylocalhost', 'project.supabase.co']) expect(isBlockedHostName(name), name).toBe(false)
  })

  it('tells address literals from names', () => {
    for (const host of ['127.1', '0x7f000001', '[::1]', '::ffff:127.0.0.1', '2130706433']) expect(isAddressLiteral(host), host).toBe(true)
    for (const host of ['example.com', 'localhost', '1.2.3.4.5']) expect(isAddressLiteral(host), host).toBe(false)
  })
})
