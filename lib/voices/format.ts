// built once: constructing DisplayNames costs more than a lookup (the editor lists voices on each render)
let languageNames: Intl.DisplayNames | undefined

/**
 * "English (United States)" for en-US. Variant subtags (en-GB-scotland) are left out of the words:
 * runtimes name them differently (Node "Scottish Standard English", Chromium "SCOTLAND"), and a page
 * rendered on the server and hydrated in the browser must read the same. The tag itself when the
 * runtime does not know it.
 */
export function languageLabel(tag: string): string {
  const kept = tag.split('-').filter((part, i) => i === 0 || /^([A-Za-z]{2}|\d{3}|[A-Za-z]{4})$/.test(part))
  try {
    languageNames ??= new Intl.DisplayNames(['en'], { type: 'language', languageDisplay: 'standard' })
    return languageNames.of(kept.join('-')) ?? tag
  } catch {
    return tag
  }
}

export const GENDER_LABELS = { female: 'Female', male: 'Male', neutral: 'Neutral' } as const
