import Link from 'next/link'
import { cn } from '@/components/ui/cn'

/** The product mark: a house outline with a play button, and the wordmark. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden className={cn('size-7', className)}>
      <rect width="32" height="32" rx="8" className="fill-brand-600" />
      <path d="M7 15.5 16 8l9 7.5V24a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1z" fill="none" stroke="white" strokeWidth="2" strokeLinejoin="round" />
      <path d="M14 15.2v5.6a.5.5 0 0 0 .76.43l4.6-2.8a.5.5 0 0 0 0-.86l-4.6-2.8a.5.5 0 0 0-.76.43z" className="fill-accent-400" />
    </svg>
  )
}

/** `prefetch={false}` where the same page is a section link beside it (the dashboard's Home prefetches on intent) */
export function Logo({ href = '/', className, prefetch }: { href?: string; className?: string; prefetch?: false }) {
  return (
    <Link href={href} prefetch={prefetch} className={cn('inline-flex items-center gap-2 font-semibold tracking-tight text-ink', className)}>
      <LogoMark />
      <span className="text-[1.05rem]">Listing Studio</span>
    </Link>
  )
}
