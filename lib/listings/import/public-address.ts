import ipaddr from 'ipaddr.js'

/*
 * Is an IP address one the importer may connect to? Ranges come from ipaddr.js (not written by
 * hand here); this file only decides which of its range names are public, and looks inside the
 * IPv6 forms that carry an IPv4 address (mapped, compatible, 6to4, Teredo, NAT64).
 *
 * IPv4: only ipaddr's 'unicast' (anything not in a special range) is public; loopback, private,
 * link-local (169.254/16, cloud metadata), CGNAT, 0/8, multicast, broadcast, reserved,
 * benchmarking, documentation, AS112 and AMT are all refused.
 * IPv6: only global unicast 2000::/3 in ipaddr's 'unicast' range, or a 6to4/Teredo/NAT64 address
 * whose embedded IPv4 is public. IPv4-mapped and IPv4-compatible forms are judged by their IPv4.
 */

export type AddressVerdict = { public: true } | { public: false; range: string }

export function checkAddress(address: string): AddressVerdict {
  if (!ipaddr.isValid(address)) return { public: false, range: 'not an IP address' }
  let parsed: ipaddr.IPv4 | ipaddr.IPv6
  try {
    parsed = ipaddr.parse(address)
  } catch {
    return { public: false, range: 'not an IP address' }
  }
  return parsed.kind() === 'ipv4' ? checkV4(parsed as ipaddr.IPv4) : checkV6(parsed as ipaddr.IPv6)
}

export function isPublicAddress(address: string): boolean {
  return checkAddress(address).public
}

function checkV4(ip: ipaddr.IPv4): AddressVerdict {
  const range = ip.range()
  return range === 'unicast' ? { public: true } : { public: false, range }
}

function v4From(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff])
}

function embedded(label: string, v4: ipaddr.IPv4): AddressVerdict {
  const inner = checkV4(v4)
  return inner.public ? inner : { public: false, range: `${label} of ${v4.toString()} (${inner.range})` }
}

function checkV6(ip: ipaddr.IPv6): AddressVerdict {
  const p = ip.parts
  if (ip.isIPv4MappedAddress()) return embedded('ipv4Mapped', ip.toIPv4Address())
  // ::a.b.c.d (IPv4-compatible, deprecated) and everything else in ::/96: never public
  if (p.slice(0, 6).every((x) => x === 0)) {
    if (p[6] === 0 && p[7] <= 1) return { public: false, range: ip.range() }
    const inner = embedded('ipv4Compatible', v4From(p[6], p[7]))
    return inner.public ? { public: false, range: `ipv4Compatible of ${v4From(p[6], p[7]).toString()}` } : inner
  }
  const range = ip.range()
  switch (range) {
    case '6to4':
      return embedded('6to4', v4From(p[1], p[2]))
    case 'teredo': {
      // both the Teredo server (bits 32–63) and the client (last 32 bits, inverted) must be public
      const server = embedded('teredo server', v4From(p[2], p[3]))
      if (!server.public) return server
      return embedded('teredo', v4From(~p[6] & 0xffff, ~p[7] & 0xffff))
    }
    case 'rfc6052':
      // 64:ff9b::/96 well-known NAT64 prefix embeds an IPv4; 64:ff9b:1::/48 is for local use only
      if (p[2] === 0 && p[3] === 0 && p[4] === 0 && p[5] === 0) return embedded('nat64', v4From(p[6], p[7]))
      return { public: false, range: 'nat64 local-use' }
    case 'rfc6145':
      return { public: false, range }
    case 'unicast':
      // global unicast only (2000::/3); the rest of the unassigned space is not a web server
      return (p[0] & 0xe000) === 0x2000 ? { public: true } : { public: false, range: 'not global unicast' }
    default:
      return { public: false, range }
  }
}
