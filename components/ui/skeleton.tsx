import type { ComponentProps } from 'react'
import { cn } from './cn'

export function Skeleton({ className, ...rest }: ComponentProps<'div'>) {
  return <div aria-hidden className={cn('animate-pulse rounded-md bg-ink/8', className)} {...rest} />
}
