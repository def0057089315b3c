import { describe, expect, it } from 'vitest'
import { CREDIT_REASONS } from '@/lib/constants'
import { CREDIT_REASON_LABELS, formatCredits, formatDelta } from '@/lib/credits/labels'

describe('credit labels', () => {
  it('names every ledger reason the database allows', () => {
    for (const reason of CREDIT_REASONS) expect(CREDIT_REASON_LABELS[reason]).toMatch(/\w/)
  })

  it('says "credit" for one and "credits" otherwise', () => {
    expect(formatCredits(1)).toBe('1 credit')
    expect(formatCredits(-1)).toBe('-1 credit')
    expect(formatCredits(0)).toBe('0 credits')
    expect(formatCredits(13)).toBe('13 credits')
  })

  it('signs ledger deltas so income and spending read apart', () => {
    expect(formatDelta(3)).toBe('+3')
    expect(formatDelta(-1)).toBe('-1')
  })
})
