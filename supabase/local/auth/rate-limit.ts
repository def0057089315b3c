/** A sliding-window counter per key, in memory: the limits GoTrue keeps per address and per email. */
export class RateLimiter {
  private hits = new Map<string, number[]>()

  constructor(
    private max: number,
    private windowMs: number,
  ) {}

  /** Records a hit; false when the key is already over its limit within the window. */
  take(key: string, now = Date.now()): boolean {
    // an unconfigured limit (Infinity) keeps no history
    if (!Number.isFinite(this.max)) return true
    const since = now - this.windowMs
    const list = (this.hits.get(key) ?? []).filter((t) => t > since)
    if (list.length >= this.max) {
      this.hits.set(key, list)
      return false
    }
    list.push(now)
    this.hits.set(key, list)
    if (this.hits.size > 10_000) this.prune(since)
    return true
  }

  private prune(since: number) {
    for (const [k, list] of this.hits) if (!list.some((t) => t > since)) this.hits.delete(k)
  }
}
