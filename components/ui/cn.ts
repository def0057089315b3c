/** Joins class names, dropping falsy ones (conditional classes without a dependency). */
export function cn(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(' ')
}
