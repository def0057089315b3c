import { CREDIT_REASON_LABELS, formatDelta } from '@/lib/credits/labels'
import type { CreditEntry } from '@/lib/credits/queries'
import { cn } from '@/components/ui/cn'

const dateFormat = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'short', day: 'numeric' })

export function CreditLedger({ entries }: { entries: CreditEntry[] }) {
  if (!entries.length) return <p className="text-sm text-muted">No credit movements yet.</p>
  return (
    <div className="-mx-5 overflow-x-auto sm:-mx-6">
      <table className="w-full text-sm">
        <caption className="sr-only">Credit history, newest first</caption>
        <thead>
          <tr className="border-b border-border text-left text-xs font-medium tracking-wide text-subtle uppercase">
            <th scope="col" className="px-5 py-2 font-medium sm:px-6">Date</th>
            <th scope="col" className="px-3 py-2 font-medium">What</th>
            <th scope="col" className="px-5 py-2 text-right font-medium sm:px-6">Credits</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td className="px-5 py-3 whitespace-nowrap text-muted sm:px-6">
                <time dateTime={entry.createdAt}>{dateFormat.format(new Date(entry.createdAt))}</time>
              </td>
              <td className="px-3 py-3">
                <span className="font-medium text-ink">{CREDIT_REASON_LABELS[entry.reason]}</span>
                {entry.note && entry.note !== CREDIT_REASON_LABELS[entry.reason] ? (
                  <span className="block text-xs text-muted">{entry.note}</span>
                ) : null}
              </td>
              <td
                className={cn(
                  'px-5 py-3 text-right font-semibold tabular-nums sm:px-6',
                  entry.delta > 0 ? 'text-success-700' : 'text-ink',
                )}
              >
                {formatDelta(entry.delta)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
