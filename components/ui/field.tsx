import { useId, type ComponentProps, type ReactNode } from 'react'
import { Input } from './input'
import { Label } from './label'
import { cn } from './cn'

export interface FieldProps extends ComponentProps<'input'> {
  label: ReactNode
  /** the message shown under the input; also marks the input invalid for assistive tech */
  error?: string
  hint?: ReactNode
  /** something shown at the right of the label row (e.g. a "Forgot password?" link) */
  aside?: ReactNode
}

/** Label + input + hint/error, wired with ids so screen readers announce the error. */
export function Field({ label, error, hint, aside, id, className, ...input }: FieldProps) {
  const fallbackId = useId()
  const inputId = id ?? fallbackId
  const messageId = `${inputId}-message`
  return (
    <div className={cn('space-y-1.5', className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={inputId}>{label}</Label>
        {aside}
      </div>
      <Input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? messageId : undefined}
        {...input}
      />
      {error ? (
        <p id={messageId} role="alert" className="text-sm text-danger-700">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  )
}
