import { Skeleton } from '@/components/ui/skeleton'

export default function VideoLoading() {
  return (
    <div role="status" aria-label="Loading the video" className="space-y-6">
      <Skeleton className="h-4 w-40" />
      <div className="flex items-end justify-between gap-4">
        <div className="space-y-3">
          <Skeleton className="h-5 w-16 rounded-full" />
          <Skeleton className="h-8 w-72 max-w-full" />
          <Skeleton className="h-4 w-56" />
        </div>
        <Skeleton className="hidden h-10 w-64 rounded-lg sm:block" />
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Skeleton className="aspect-video w-full rounded-xl" />
        <div className="space-y-6">
          <Skeleton className="h-72 rounded-xl" />
          <Skeleton className="h-56 rounded-xl" />
        </div>
      </div>
    </div>
  )
}
