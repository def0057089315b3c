import { useId, type ComponentProps, type ReactNode } from 'react'
import { Label } from '@/components/ui/label'
import { Select, Textarea } from '@/components/ui/input'
import { cn } from '@/components/ui/cn'

interface Wrapped {
  label: ReactNode
  error?: string
  hint?: ReactNode
  className?: string
}

function Message({ id, error, hint }: { id: string; error?: string; hint?: ReactNode }) {
  if (error) {
    return (
      <p id={id} role="alert" className="text-sm text-danger-700">
        {error}
      </p>
    )
  }
  return hint ? (
    <p id={id} className="text-sm text-muted">
      {hint}
    </p>
  ) : null
}

/** Label + select + message, wired like `Field`. */
export function SelectField({ label, error, hint, className, children, ...select }: Wrapped & Omit<ComponentProps<'select'>, 'className'>) {
  const id = useId()
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} aria-invalid={error ? true : undefined} aria-describedby={error || hint ? `${id}-m` : undefined} {...select}>
        {children}
      </Select>
      <Message id={`${id}-m`} error={error} hint={hint} />
    </div>
  )
}

/** Label + textarea + message, wired like `Field`. */
export function TextareaField({ label, error, hint, className, ...area }: Wrapped & Omit<ComponentProps<'textarea'>, 'className'>) {
  const id = useId()
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Textarea id={id} aria-invalid={error ? true : undefined} aria-describedby={error || hint ? `${id}-m` : undefined} {...area} />
      <Message id={`${id}-m`} error={error} hint={hint} />
    </div>
  )
}
