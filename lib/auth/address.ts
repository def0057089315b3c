import { isIP, isIPv6 } from 'node:net'

// Client addresses for the auth limits: which one to believe, and how to count it. Pure, so the
// unit tests can try every header shape.

/**
 * The visitor's address, for per-address limits. It comes from a proxy header only when
 * configuration names one (CLIENT_ADDRESS_HEADER): anyone can send X-Forwarded-For, so trusting it
 * by default would let an attacker pick a fresh address per attempt. With X-Forwarded-For, our own
 * proxies append to the right, so the client is TRUSTED_PROXY_HOPS entries from the right; what the
 * client wrote further left is ignored. Null when no trustworthy address is known.
 */
export function clientAddressFrom(
  read: (name: string) => string | null,
  config: { header?: string; hops: number },
): string | null {
  if (!config.header) return null
  const raw = read(config.header)
  if (!raw) return null
  const entries = raw.split(',').map((part) => part.trim()).filter(Boolean)
  const picked = config.header === 'x-forwarded-for' ? entries[entries.length - config.hops] : entries[0]
  if (!picked) return null
  const address = picked.replace(/^\[(.*)\]$/, '$1').replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1')
  return isIP(address) ? address : null
}

/** "Try again in 3 minutes" (rounded up; at least one minute). */
export function retryMessage(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60))
  return `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
}

/** IPv6 visitors get a /64 each (one home or phone has a whole /64 to rotate through). */
export function addressKey(address: string): string {
  if (!isIPv6(address)) return address
  const [head, tail = ''] = address.toLowerCase().split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`
}

