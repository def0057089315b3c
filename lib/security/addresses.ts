import { BlockList, isIP } from 'node:net'

/*
 * Which network addresses a server-side fetch of a URL someone else chose may reach (issue 24; the
 * render worker's media, and later issue 29's import from a link). Only public unicast addresses:
 * never this machine, the private networks around it, link-local (where cloud metadata services
 * answer: 169.254.169.254, fd00:ec2::254), carrier-grade NAT, multicast, documentation or reserved
 * ranges, and never an IPv6 form that carries one of those IPv4 addresses inside (::ffff:127.0.0.1,
 * NAT64, 6to4). IPv4 written the old ways (2130706433, 0x7f000001, 0177.0.0.1, 127.1) is read the
 * way a URL parser or inet_aton reads it before it is judged.
 */

type Range = readonly [address: string, prefix: number, reason: string]

const V4: readonly Range[] = [
  ['0.0.0.0', 8, 'this network'],
  ['10.0.0.0', 8, 'a private network'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local (cloud metadata)'],
  ['172.16.0.0', 12, 'a private network'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.31.196.0', 24, 'AS112'],
  ['192.52.193.0', 24, 'AMT'],
  ['192.88.99.0', 24, '6to4 relay'],
  ['192.168.0.0', 16, 'a private network'],
  ['192.175.48.0', 24, 'AS112'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
]

const V6: readonly Range[] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['::', 96, 'IPv4-compatible (deprecated)'],
  ['64:ff9b:1::', 48, 'local NAT64'],
  ['100::', 64, 'discard'],
  ['2001::', 23, 'IETF protocol assignments'],
  ['2001:db8::', 32, 'documentation'],
  ['2002::', 16, '6to4'],
  ['3fff::', 20, 'documentation'],
  ['5f00::', 16, 'segment routing'],
  ['fc00::', 7, 'unique local (private; fd00:ec2::254 is AWS metadata)'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local (deprecated)'],
  ['ff00::', 8, 'multicast'],
]

function blockListOf(ranges: readonly Range[], type: 'ipv4' | 'ipv6'): BlockList {
  const list = new BlockList()
  for (const [address, prefix] of ranges) list.addSubnet(address, prefix, type)
  return list
}
const V4_LIST = blockListOf(V4, 'ipv4')
const V6_LIST = blockListOf(V6, 'ipv6')

/** Host names that name this machine or a metadata service, whatever DNS says. */
const BLOCKED_NAMES = /^(localhost|.+\.localhost|localhost\.localdomain|ip6-localhost|ip6-loopback|metadata|metadata\.google\.internal|metadata\.goog|metadata\.azure\.internal|instance-data|instance-data\.ec2\.internal|kubernetes\.default(\.svc(\.cluster\.local)?)?)\.?$/i

/**
 * An IPv4 address in any form inet_aton and the URL standard accept (1–4 parts, each decimal, 0x hex
 * or 0-led octal, the last part filling the remaining bytes), as a dotted quad; null if it is not one.
 */
export function normalizeIPv4(text: string): string | null {
  const parts = text.replace(/\.$/, '').split('.')
  if (parts.length < 1 || parts.length > 4 || parts.some((p) => p === '')) return null
  const numbers: number[] = []
  for (const part of parts) {
    let n: number
    if (/^0x[0-9a-f]*$/i.test(part)) n = part.length === 2 ? 0 : parseInt(part.slice(2), 16)
    else if (/^0[0-7]+$/.test(part)) n = parseInt(part.slice(1), 8)
    else if (/^(0|[1-9][0-9]*)$/.test(part)) n = Number(part)
    else return null
    if (!Number.isSafeInteger(n)) return null
    numbers.push(n)
  }
  const last = numbers.pop() as number
  if (numbers.some((n) => n > 255) || last >= 256 ** (4 - numbers.length)) return null
  let value = last
  numbers.forEach((n, i) => {
    value += n * 256 ** (3 - i)
  })
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.')
}

/** The eight 16-bit groups of a valid IPv6 address (a dotted IPv4 tail becomes two groups). */
function hextets(v6: string): number[] {
  let text = v6
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number)
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null]
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const middle = tail === null ? [] : Array(8 - left.length - right.length).fill('0')
  return [...left, ...middle, ...right].map((h) => parseInt(h, 16))
}

/** The IPv4 address an IPv6 address carries (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96), if any. */
function embeddedIPv4(v6: string): string | null {
  const g = hextets(v6)
  const mapped = g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff
  const nat64 = g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)
  if (!mapped && !nat64) return null
  return [g[6] >> 8, g[6] & 255, g[7] >> 8, g[7] & 255].join('.')
}

export type AddressVerdict = { ok: true; address: string; family: 4 | 6 } | { ok: false; address: string; reason: string }

/**
 * Whether a literal address (IPv4 in any old form, IPv6 with or without brackets or a zone) is a
 * public one a server may connect to for someone else. Anything that is not an address is refused.
 */
export function classifyAddress(input: string): AddressVerdict {
  const text = input.trim().replace(/^\[(.*)\]$/, '$1')
  const v6 = text.includes(':') ? text.replace(/%.*$/, '').toLowerCase() : null
  if (v6 !== null) {
    if (isIP(v6) !== 6) return { ok: false, address: text, reason: 'not an address' }
    if (/%/.test(text)) return { ok: false, address: text, reason: 'a link-local zone' }
    const inner = embeddedIPv4(v6)
    if (inner) {
      const verdict = classifyAddress(inner)
      return verdict.ok ? { ok: true, address: v6, family: 6 } : { ok: false, address: v6, reason: `${verdict.reason} (inside IPv6)` }
    }
    for (const [address, prefix, reason] of V6) {
      const one = new BlockList()
      one.addSubnet(address, prefix, 'ipv6')
      if (one.check(v6, 'ipv6')) return { ok: false, address: v6, reason }
    }
    if (V6_LIST.check(v6, 'ipv6')) return { ok: false, address: v6, reason: 'reserved' }
    // only global unicast (2000::/3) is public
    if (!/^[23][0-9a-f]{0,3}:/.test(v6)) return { ok: false, address: v6, reason: 'not global unicast' }
    return { ok: true, address: v6, family: 6 }
  }
  const v4 = normalizeIPv4(text)
  if (!v4) return { ok: false, address: text, reason: 'not an address' }
  if (V4_LIST.check(v4, 'ipv4')) {
    const hit = V4.find(([address, prefix]) => {
      const one = new BlockList()
      one.addSubnet(address, prefix, 'ipv4')
      return one.check(v4, 'ipv4')
    })
    return { ok: false, address: v4, reason: hit?.[2] ?? 'reserved' }
  }
  return { ok: true, address: v4, family: 4 }
}

/** Whether a host name (before DNS) is refused outright: this machine or a metadata service. */
export function isBlockedHostName(host: string): boolean {
  return BLOCKED_NAMES.test(host.trim())
}

/** Whether a host is written as an address (any IPv4 form, or IPv6 in brackets or not). */
export function isAddressLiteral(host: string): boolean {
  const text = host.replace(/^\[(.*)\]$/, '$1')
  return text.includes(':') ? isIP(text.replace(/%.*$/, '')) === 6 : normalizeIPv4(text) !== null
}
