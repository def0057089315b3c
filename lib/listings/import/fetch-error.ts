/** Why fetchPublic refused or failed; `message` is written for the person who pasted the link. */
export type ImportFetchReason =
  | 'invalid-url'
  | 'scheme'
  | 'credentials'
  | 'not-public'
  | 'dns'
  | 'redirect'
  | 'too-many-redirects'
  | 'timeout'
  | 'aborted'
  | 'too-large'
  | 'status'
  | 'network'

export class ImportFetchError extends Error {
  readonly reason: ImportFetchReason
  /** the HTTP status, for reason 'status' */
  readonly status: number | null
  /** for logs only (the refused address and its range); never shown to the person */
  readonly detail: string | null

  constructor(reason: ImportFetchReason, message: string, options: { status?: number; detail?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.name = 'ImportFetchError'
    this.reason = reason
    this.status = options.status ?? null
    this.detail = options.detail ?? null
  }
}

export const FETCH_MESSAGES = {
  invalidUrl: 'That is not a web address. Paste the whole address, starting with https://.',
  scheme: 'That address is not a web page. Paste an address that starts with https:// or http://.',
  credentials: 'That address contains a user name or password. Paste the page’s address without them.',
  notPublic: 'That address is not a public web page.',
  dns: 'That site could not be found. Check the address.',
  downgrade: 'That page sent us from a secure (https) address to an insecure one, so it was not read.',
  redirectBad: 'That page sent us to an address that is not a web page.',
  tooManyRedirects: 'That page sent us on too many redirects.',
  timeout: 'The page took too long to answer.',
  aborted: 'Reading the page was cancelled.',
  network: 'The page could not be reached.',
  tooLarge: (maxBytes: number) => `The page is larger than ${formatBytes(maxBytes)}.`,
  status: (status: number) => `The page answered ${status}.`,
} as const

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(1)} MB`
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KB`
  return `${bytes} bytes`
}
