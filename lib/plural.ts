/**
 * Counts that read as English: "1 message", "2 messages", "1,204 accounts", "There is 1 …" /
 * "There are 3 …". Irregular words pass their plural ("1 person", "2 people").
 */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${Math.abs(count) === 1 ? singular : pluralForm}`
}

/** "is" for one, "are" for any other count (zero included: "There are 0 messages"). */
export function isAre(count: number): 'is' | 'are' {
  return Math.abs(count) === 1 ? 'is' : 'are'
}

/** "There is 1 matching message" / "There are 12 matching messages". */
export function thereAre(count: number, singular: string, pluralForm?: string): string {
  return `There ${isAre(count)} ${plural(count, singular, pluralForm)}`
}

/** A length of time for people: "45 seconds", "1 minute", "3 minutes", "2 hours". */
export function spokenDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds))
  if (s < 60) return plural(s, 'second')
  if (s < 3600) return plural(Math.floor(s / 60), 'minute')
  if (s < 86_400) return plural(Math.floor(s / 3600), 'hour')
  return plural(Math.floor(s / 86_400), 'day')
}
