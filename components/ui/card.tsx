import type { ComponentProps } from 'react'
import { cn } from './cn'

export function Card({ className, ...rest }: ComponentProps<'div'>) {
  return <div className={cn('rounded-xl border border-border bg-surface shadow-card', className)} {...rest} />
}

export function CardHeader({ className, ...rest }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1 border-b border-border px-5 py-4 sm:px-6', className)} {...rest} />
}

export function CardTitle({ className, ...rest }: ComponentProps<'h2'>) {
  return <h2 className={cn('text-base font-semibold text-ink', className)} {...rest} />
}

export function CardDescription({ className, ...rest }: ComponentProps<'p'>) {
  return <p className={cn('text-sm text-muted', className)} {...rest} />
}

export function CardBody({ className, ...rest }: ComponentProps<'div'>) {
  return <div className={cn('px-5 py-5 sm:px-6', className)} {...rest} />
}

export function CardFooter({ className, ...rest }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('flex items-center justify-end gap-3 rounded-b-xl border-t border-border bg-canvas px-5 py-3 sm:px-6', className)}
      {...rest}
    />
  )
}
