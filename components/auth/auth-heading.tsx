import type { ReactNode } from 'react'

export function AuthHeading({ title, description }: { title: string; description?: ReactNode }) {
  return (
    <div className="mb-8 space-y-2">
      <h1 className="text-2xl font-semibold tracking-tight text-ink">{title}</h1>
      {description ? <p className="text-sm text-muted">{description}</p> : null}
    </div>
  )
}

/** A fixed notice (from `?notice=`) or a form-level error, above the form. */
export function FormNotice({ tone, children }: { tone: 'info' | 'error' | 'success'; children: ReactNode }) {
  const tones = {
    info: 'border-brand-200 bg-brand-50 text-brand-800',
    error: 'border-danger-600/25 bg-danger-50 text-danger-700',
    success: 'border-success-600/25 bg-success-50 text-success-700',
  }
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`mb-6 rounded-lg border px-3.5 py-3 text-sm ${tones[tone]}`}>
      {children}
    </div>
  )
}
