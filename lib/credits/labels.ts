import type { CreditReason } from '@/lib/constants'

/** How each ledger reason reads to a customer; shared by the team home and the account page. */
export const CREDIT_REASON_LABELS: Record<CreditReason, string> = {
  welcome: 'Welcome credits',
  coupon: 'Coupon redeemed',
  render: 'Video render',
  refund: 'Render refund',
  admin_grant: 'Granted by support',
}

export function formatCredits(n: number): string {
  return `${n} ${Math.abs(n) === 1 ? 'credit' : 'credits'}`
}

export function formatDelta(delta: number): string {
  return delta > 0 ? `+${delta}` : `${delta}`
}
