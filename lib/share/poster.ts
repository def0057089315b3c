// Scaled share posters (client-safe: the showcase tiles build their srcset from these).

/** Poster widths the pages ask for (a closed list, so nobody can make the server resize to any size). */
export const POSTER_WIDTHS = [320, 480, 720] as const
export type PosterWidth = (typeof POSTER_WIDTHS)[number]

/** `/share/{id}/poster?w=480`: the page's address of a poster this wide. */
export function posterUrl(shareId: string, width: PosterWidth): string {
  return `/share/${shareId}/poster?w=${width}`
}

/** `w` from the query, when it is one of POSTER_WIDTHS. */
export function posterWidthOf(value: string | null): PosterWidth | null {
  const n = Number(value)
  return (POSTER_WIDTHS as readonly number[]).includes(n) ? (n as PosterWidth) : null
}
