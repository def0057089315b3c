/*
 * What never leaves for Sentry, whatever an SDK or a breadcrumb picked up (docs/observability.md):
 * the user is an id only (no email, name or address), and requests carry no cookies, no auth
 * headers and no query string (links in emails carry one-time codes there). Used by every init.
 */

import type { Event } from '@sentry/nextjs'

/**
 * What the SDKs may collect in the first place (v11's dataCollection; its defaults collect cookies,
 * headers, bodies and query strings): nothing personal, only what a stack trace needs.
 */
export const DATA_COLLECTION = {
  userInfo: false,
  cookies: false,
  httpHeaders: { request: { allow: ['user-agent', 'content-type', 'accept', 'accept-language'] }, response: false },
  httpBodies: [],
  urlQueryParams: false,
  databaseQueryData: false,
  queues: false,
  stackFrameVariables: false,
  graphQL: { document: false, variables: false },
  genAI: { inputs: false, outputs: false },
}

const SECRET_HEADERS = new Set(['cookie', 'authorization', 'x-supabase-auth', 'apikey', 'x-forwarded-for', 'x-real-ip', 'cf-connecting-ip'])

function withoutQuery(url: string): string {
  const cut = url.search(/[?#]/)
  return cut === -1 ? url : url.slice(0, cut)
}

export function scrubEvent<E extends Event>(event: E): E {
  if (event.user) event.user = event.user.id !== undefined ? { id: String(event.user.id) } : undefined
  const request = event.request
  if (request) {
    delete request.cookies
    delete request.query_string
    delete request.data
    if (typeof request.url === 'string') request.url = withoutQuery(request.url)
    if (request.headers) {
      for (const name of Object.keys(request.headers)) if (SECRET_HEADERS.has(name.toLowerCase())) delete request.headers[name]
    }
  }
  for (const crumb of event.breadcrumbs ?? []) {
    if (typeof crumb.data?.url === 'string') crumb.data.url = withoutQuery(crumb.data.url)
  }
  return event
}
