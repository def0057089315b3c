import { cn } from './cn'

const sizes = { sm: 'size-7 text-[0.7rem]', md: 'size-9 text-xs', lg: 'size-14 text-base', xl: 'size-20 text-xl' }

/** First letters of up to two words, or of the email's local part. */
export function initialsOf(name: string | null | undefined, email?: string | null): string {
  const source = (name ?? '').trim() || (email ?? '').split('@')[0] || '?'
  const words = source.split(/[\s._-]+/).filter(Boolean)
  const letters = words.length > 1 ? words[0][0] + words[1][0] : source.slice(0, 2)
  return letters.toUpperCase()
}

export interface AvatarProps {
  name?: string | null
  email?: string | null
  src?: string | null
  size?: keyof typeof sizes
  className?: string
}

export function Avatar({ name, email, src, size = 'md', className }: AvatarProps) {
  const classes = cn('inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full', sizes[size], className)
  if (src) {
    // avatars come from storage URLs of any host; next/image would need each host configured
    // eslint-disable-next-line @next/next/no-img-element
    return <img src={src} alt={name ?? email ?? 'Avatar'} className={cn(classes, 'object-cover')} />
  }
  return (
    <span aria-hidden className={cn(classes, 'bg-brand-100 font-semibold text-brand-800 ring-1 ring-brand-200')}>
      {initialsOf(name, email)}
    </span>
  )
}
