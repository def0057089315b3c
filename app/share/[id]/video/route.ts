import { sharedFileResponse } from '@/lib/share/shared-video'

// The shared video's file at a stable address (the page's <video> and the Open Graph tags use it).
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  return sharedFileResponse((await params).id, 'video')
}
