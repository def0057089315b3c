import type { ComponentProps } from 'react'
import { cn } from './cn'

export const inputClasses =
  'block w-full rounded-lg border border-border-strong bg-surface px-3 text-sm text-ink shadow-sm ' +
  'placeholder:text-subtle transition-colors focus:border-brand-500 focus:outline-none focus:ring-3 focus:ring-brand-500/20 ' +
  'disabled:cursor-not-allowed disabled:bg-canvas disabled:text-muted ' +
  'aria-invalid:border-danger-600 aria-invalid:focus:ring-danger-600/20'

export function Input({ className, ...rest }: ComponentProps<'input'>) {
  return <input className={cn(inputClasses, 'h-10', className)} {...rest} />
}

export function Textarea({ className, ...rest }: ComponentProps<'textarea'>) {
  return <textarea className={cn(inputClasses, 'min-h-24 py-2', className)} {...rest} />
}

export function Select({ className, ...rest }: ComponentProps<'select'>) {
  return <select className={cn(inputClasses, 'h-10 pr-8', className)} {...rest} />
}
