import { describe, expect, it } from 'vitest'
import { isAre, plural, spokenDuration, thereAre } from '@/lib/plural'

describe('counts that read as English', () => {
  it('one is singular, every other count plural', () => {
    expect(plural(1, 'message')).toBe('1 message')
    expect(plural(0, 'message')).toBe('0 messages')
    expect(plural(2, 'message')).toBe('2 messages')
    expect(plural(1204, 'account')).toBe('1,204 accounts')
    expect(plural(1, 'person', 'people')).toBe('1 person')
    expect(plural(3, 'person', 'people')).toBe('3 people')
    expect(plural(-1, 'credit')).toBe('-1 credit')
  })
  it('"There is 1" and "There are 0 / 3"', () => {
    expect(thereAre(1, 'matching message')).toBe('There is 1 matching message')
    expect(thereAre(0, 'matching message')).toBe('There are 0 matching messages')
    expect(thereAre(12, 'account')).toBe('There are 12 accounts')
    expect(isAre(1)).toBe('is')
    expect(isAre(2)).toBe('are')
  })
  it('durations in words', () => {
    expect(spokenDuration(1)).toBe('1 second')
    expect(spokenDuration(45)).toBe('45 seconds')
    expect(spokenDuration(61)).toBe('1 minute')
    expect(spokenDuration(3 * 3600 + 5)).toBe('3 hours')
    expect(spokenDuration(86_400 * 2)).toBe('2 days')
  })
})
