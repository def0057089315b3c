import { sharedFileResponse } from '@/lib/share/shared-video'

// The shared video's poster at a stable address (the page and the Open Graph image use it).
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  return sharedFileResponse((await params).id, 'poster')
}
