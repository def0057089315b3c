import { Skeleton } from '@/components/ui/skeleton'

export default function EditVideoLoading() {
  return (
    <div role="status" aria-label="Loading the editor" className="space-y-5">
      <Skeleton className="h-4 w-16" />
      <div className="space-y-2">
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-8 w-72" />
      </div>
      <Skeleton className="h-11 w-full rounded-none" />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(22rem,27rem)]">
        <div className="space-y-4 xl:order-2">
          <Skeleton className="aspect-video w-full rounded-xl" />
          <Skeleton className="h-28 w-full rounded-xl" />
        </div>
        <div className="space-y-5 xl:order-1">
          {[0, 1, 2].map((i) => (
            <div key={i} className="space-y-4 rounded-xl border border-border bg-surface p-5">
              <Skeleton className="h-5 w-32" />
              <Skeleton className="h-10 w-full rounded-lg" />
              <Skeleton className="h-10 w-2/3 rounded-lg" />
            </div>
          ))}
        </div>
      </div>
    </div>
  )
}
