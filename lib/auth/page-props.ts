/** What Next passes a page as `searchParams` (declared here so tsc needs no generated route types). */
export type SearchParams = Promise<Record<string, string | string[] | undefined>>
