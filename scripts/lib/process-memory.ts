// Peak memory of this process and everything it started (Chromium's many processes included),
// sampled from /proc: the figure that decides how big a render box must be. Linux only.
import { readdirSync, readFileSync } from 'node:fs';

function treeRssBytes(rootPid: number): number {
  const parents = new Map<number, number>();
  const rss = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      parents.set(pid, Number(/^PPid:\s+(\d+)/m.exec(status)?.[1] ?? 0));
      rss.set(pid, Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024);
    } catch {
      // the process ended while we looked
    }
  }
  let total = 0;
  for (const [pid, bytes] of rss) {
    for (let p: number | undefined = pid; p; p = parents.get(p)) {
      if (p === rootPid) {
        total += bytes;
        break;
      }
    }
  }
  return total;
}

/** Samples the tree every `everyMs` until stopped; answers the peak in bytes. */
export function watchPeakMemory(everyMs = 250): { stop: () => number } {
  let peak = treeRssBytes(process.pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, treeRssBytes(process.pid));
  }, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, treeRssBytes(process.pid));
    },
  };
}
