import { findSharedVideo, signRenderFile } from '@/lib/share/shared-video'

// The shared video's file at a stable address (the page's <video> and the Open Graph tags use it):
// checked on every request, then a redirect to a short-lived signed URL. Unshared → 404 at once.
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const video = await findSharedVideo((await params).id)
  const url = video ? await signRenderFile(video.output_path) : null
  if (!url) return new Response('Not found', { status: 404, headers: { 'cache-control': 'no-store' } })
  return new Response(null, { status: 302, headers: { location: url, 'cache-control': 'no-store' } })
}
