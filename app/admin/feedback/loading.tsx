import { Skeleton } from '@/components/ui/skeleton'

/** While the list loads (a filter or page link was followed). */
export default function AdminFeedbackLoading() {
  return (
    <div role="status" aria-label="Loading feedback" className="space-y-6">
      <div className="space-y-3 pb-2">
        <Skeleton className="h-8 w-40" />
        <Skeleton className="h-4 w-full max-w-xl" />
      </div>
      <div className="flex gap-2">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-8 w-24 rounded-full" />
        ))}
      </div>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-48 rounded-xl" />
      ))}
    </div>
  )
}
