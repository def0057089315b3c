import { Badge } from '@/components/ui/badge'
import type { ListingStatus } from '@/lib/constants'
import { STATUS_LABELS, STATUS_TONES } from './format'

export function StatusBadge({ status }: { status: string }) {
  const known = status in STATUS_LABELS ? (status as ListingStatus) : null
  return <Badge tone={known ? STATUS_TONES[known] : 'neutral'}>{known ? STATUS_LABELS[known] : status}</Badge>
}
