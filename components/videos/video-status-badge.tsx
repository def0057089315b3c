import { Badge } from '@/components/ui/badge'
import { VIDEO_STATUS_LABELS, VIDEO_STATUS_TONES } from './format'

export function VideoStatusBadge({ status }: { status: string }) {
  return <Badge tone={VIDEO_STATUS_TONES[status] ?? 'neutral'}>{VIDEO_STATUS_LABELS[status] ?? status}</Badge>
}
