import type { NextRequest } from 'next/server'
import { analyticsConfig } from '@/lib/analytics/config'
import { forwardIngest, ingestTarget } from '@/lib/analytics/ingest'

// PostHog through this site (lib/analytics/ingest.ts): 404 when analytics is not configured.
async function handle(request: NextRequest, { params }: { params: Promise<{ path: string[] }> }) {
  const config = analyticsConfig()
  if (!config) return new Response(null, { status: 404 })
  const target = ingestTarget(config, (await params).path, request.nextUrl.search, request.nextUrl.pathname.endsWith('/'))
  if ('status' in target) return new Response(null, { status: target.status })
  return forwardIngest(request, target)
}

export const GET = handle
export const POST = handle
