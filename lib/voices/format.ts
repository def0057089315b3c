/** "English (United States)" for en-US; the tag itself when the runtime does not know it. */
export function languageLabel(tag: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(tag) ?? tag
  } catch {
    return tag
  }
}

export const GENDER_LABELS = { female: 'Female', male: 'Male', neutral: 'Neutral' } as const
