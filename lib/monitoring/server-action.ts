import 'server-only'
import { AsyncLocalStorage } from 'node:async_hooks'
import * as Sentry from '@sentry/nextjs'
import { headers } from 'next/headers'
import { z } from 'zod'

/*
 * Server actions by name in traces (docs/observability.md). Next posts every server action to the
 * page's own path, so a trace only said "POST /dashboard/[teamId]/props". Each action here runs in a
 * transaction named `serverAction/{exported name}` (Sentry's own withServerActionInstrumentation),
 * with the file it is exported from. The name is not written at each action: the request names its
 * action by id (the Next-Action header), and Next's build lists each id's file and exported name in
 * the server actions manifest it keeps in memory. Read back from there, it is parsed like any data.
 */

const MANIFESTS = Symbol.for('next.server.manifests')
const actionInfo = z.object({ exportedName: z.string().min(1).max(200), filename: z.string().max(500).optional() })
const manifestSchema = z.object({ node: z.record(z.string(), z.unknown()) })

/** set while an action's transaction runs: a wrapped step it calls is part of it */
const tracing = new AsyncLocalStorage<true>()

export interface ServerActionName {
  name: string
  file: string | null
}

/** Next's in-memory server actions manifest (the built server-reference-manifest.json), or null. */
function nextActionsManifest(): unknown {
  const singleton = (globalThis as Record<symbol, unknown>)[MANIFESTS] as { serverActionsManifest?: unknown } | undefined
  return singleton?.serverActionsManifest ?? null
}

/** The exported name and file of the action with this id (the Next-Action header), when the manifest lists it. */
export function serverActionName(id: string | null | undefined, manifest: unknown = nextActionsManifest()): ServerActionName | null {
  if (!id || !/^[0-9a-f]{20,100}$/i.test(id)) return null
  const parsed = manifestSchema.safeParse(manifest)
  if (!parsed.success || !Object.hasOwn(parsed.data.node, id)) return null
  const info = actionInfo.safeParse(parsed.data.node[id])
  if (!info.success) return null
  // an inline action ('use server' inside a component) has a generated name: it says so, no more
  const name = info.data.exportedName.startsWith('$$RSC_SERVER_ACTION_') ? 'inline action' : info.data.exportedName
  return { name, file: info.data.filename ?? null }
}

/** The headers a trace continues from; nothing else of the request goes into the transaction. */
function tracingHeaders(request: Headers): Headers {
  const kept = new Headers()
  for (const name of ['sentry-trace', 'baggage', 'user-agent']) {
    const value = request.get(name)
    if (value) kept.set(name, value)
  }
  return kept
}

/**
 * Runs one server action's work in a transaction named after the action. A no-op wrapper while
 * Sentry is off, outside a request (tests, scripts), inside an action already traced (one action
 * calling another wrapped step), or for an id the manifest does not list.
 */
export async function traceServerAction<T>(work: () => Promise<T>): Promise<T> {
  if (!Sentry.isInitialized()) return work()
  if (tracing.getStore()) return work()
  let request: Headers
  try {
    request = await headers()
  } catch {
    return work()
  }
  const action = serverActionName(request.get('next-action'))
  if (!action) return work()
  return tracing.run(true, () =>
    Sentry.withServerActionInstrumentation(action.name, { headers: tracingHeaders(request), recordResponse: false }, async () => {
      if (action.file) Sentry.getActiveSpan()?.setAttribute('code.filepath', action.file)
      return work()
    }),
  )
}
