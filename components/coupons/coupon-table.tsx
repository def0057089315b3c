import { Badge } from '@/components/ui/badge'
import { formatCredits } from '@/lib/credits/labels'
import { couponState, redemptionsLeft, type Coupon, type CouponState } from '@/lib/coupons/schema'
import { CouponActiveButton } from './coupon-active-button'

const STATES: Record<CouponState, { label: string; tone: 'success' | 'neutral' | 'warning' | 'danger' }> = {
  active: { label: 'Active', tone: 'success' },
  inactive: { label: 'Inactive', tone: 'neutral' },
  expired: { label: 'Expired', tone: 'warning' },
  used_up: { label: 'Used up', tone: 'danger' },
}

// the admin screen reads and writes expiry in UTC (the create form says so), never the server's zone
const utc = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' })
const count = new Intl.NumberFormat('en')

/** Every coupon with what it gives, how much of it is used, when it stops and whether teams can redeem it now. */
export function CouponTable({ coupons, now }: { coupons: Coupon[]; now: number }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Coupons, newest first</caption>
        <thead className="border-b border-border bg-canvas text-xs text-muted">
          <tr>
            <th scope="col" className="px-5 py-3 font-medium">Code</th>
            <th scope="col" className="hidden px-3 py-3 text-right font-medium sm:table-cell">Credits</th>
            <th scope="col" className="px-3 py-3 text-right font-medium">Redeemed</th>
            <th scope="col" className="hidden px-3 py-3 text-right font-medium sm:table-cell">Remaining</th>
            <th scope="col" className="hidden px-3 py-3 font-medium md:table-cell">Expires</th>
            <th scope="col" className="px-3 py-3 font-medium">State</th>
            <th scope="col" className="px-5 py-3 font-medium"><span className="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {coupons.map((coupon) => {
            const state = STATES[couponState(coupon, now)]
            const left = redemptionsLeft(coupon)
            return (
              <tr key={coupon.id} data-testid={`coupon-${coupon.code}`}>
                <td className="px-5 py-3">
                  <span className="font-mono font-medium whitespace-nowrap text-ink">{coupon.code}</span>
                  <span className="block text-xs text-muted sm:hidden">{formatCredits(coupon.credits)}</span>
                </td>
                <td className="hidden px-3 py-3 text-right tabular-nums sm:table-cell">{count.format(coupon.credits)}</td>
                <td className="px-3 py-3 text-right tabular-nums">
                  {count.format(coupon.redemption_count)}
                  {coupon.max_redemptions !== null ? <span className="text-muted"> of {count.format(coupon.max_redemptions)}</span> : null}
                </td>
                <td className="hidden px-3 py-3 text-right tabular-nums sm:table-cell">{left === null ? <span className="text-muted">No limit</span> : count.format(left)}</td>
                <td className="hidden px-3 py-3 whitespace-nowrap text-muted md:table-cell">
                  {coupon.expires_at ? <time dateTime={coupon.expires_at}>{utc.format(new Date(coupon.expires_at))} UTC</time> : 'Never'}
                </td>
                <td className="px-3 py-3">
                  <Badge tone={state.tone}>{state.label}</Badge>
                </td>
                <td className="px-5 py-3 text-right">
                  <CouponActiveButton couponId={coupon.id} code={coupon.code} active={coupon.is_active} />
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
