import { posterWidthOf } from '@/lib/share/poster'
import { sharedFileResponse, sharedPosterResponse } from '@/lib/share/shared-video'

// The shared video's poster at a stable address: full size for Open Graph (a redirect to the stored
// file), or `?w=320|480|720` scaled down for the pages (lib/share/shared-video.ts).
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  const width = posterWidthOf(new URL(request.url).searchParams.get('w'))
  return width ? sharedPosterResponse(id, width, request.headers.get('if-none-match')) : sharedFileResponse(id, 'poster')
}
