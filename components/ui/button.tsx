import Link from 'next/link'
import type { ComponentProps, ReactNode } from 'react'
import { cn } from './cn'
import { IntentLink } from './intent-link'
import { LinkPending } from './link-pending'

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'outline' | 'inverse' | 'inverse-ghost'
type Size = 'sm' | 'md' | 'lg'

const base =
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-lg font-medium transition-colors ' +
  'disabled:pointer-events-none disabled:opacity-55 [&_svg]:size-4 [&_svg]:shrink-0'

const variants: Record<Variant, string> = {
  primary: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700 active:bg-brand-800',
  secondary: 'bg-ink text-white shadow-sm hover:bg-ink/90',
  outline: 'border border-border-strong bg-surface text-ink shadow-sm hover:bg-canvas',
  ghost: 'text-muted hover:bg-ink/5 hover:text-ink',
  danger: 'bg-danger-600 text-white shadow-sm hover:bg-danger-700',
  // for dark panels
  inverse: 'bg-white text-brand-900 shadow-sm hover:bg-brand-50',
  'inverse-ghost': 'text-white hover:bg-white/10',
}

const sizes: Record<Size, string> = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
}

export function buttonClasses(variant: Variant = 'primary', size: Size = 'md', className?: string) {
  return cn(base, variants[variant], sizes[size], className)
}

function Spinner() {
  return <span aria-hidden className="size-4 animate-spin rounded-full border-2 border-current border-r-transparent" />
}

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: Variant
  size?: Size
  /** shows a spinner and disables the button while a request runs */
  pending?: boolean
}

export function Button({ variant, size, pending, className, children, disabled, type = 'button', ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClasses(variant, size, className)}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      {...rest}
    >
      {pending ? <Spinner /> : null}
      {children}
    </button>
  )
}

export interface ButtonLinkProps extends ComponentProps<typeof Link> {
  variant?: Variant
  size?: Size
  children: ReactNode
  /** prefetch when a person reaches for it, not when it scrolls into view (see IntentLink) */
  prefetchOnIntent?: boolean
}

/** A link that looks like a button; while the page it opens is on its way, it shows a spinner. */
export function ButtonLink({ variant, size, className, children, prefetchOnIntent, prefetch, ...rest }: ButtonLinkProps) {
  const props = { ...rest, className: buttonClasses(variant, size, className) }
  const content = (
    <>
      <LinkPending />
      {children}
    </>
  )
  return prefetchOnIntent && typeof rest.href === 'string' ? (
    <IntentLink {...props} href={rest.href}>
      {content}
    </IntentLink>
  ) : (
    <Link {...props} prefetch={prefetch}>
      {content}
    </Link>
  )
}
