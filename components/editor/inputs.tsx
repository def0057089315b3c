'use client'

import { useId, useState, type ComponentProps, type ReactNode } from 'react'
import { cn } from '@/components/ui/cn'
import { Input } from '@/components/ui/input'

/**
 * A number typed as text: the document only takes values that parse (so "1" on the way to "12"
 * does not jump around), and leaving the field shows what was kept. Blank means "no value".
 */
export function DraftNumberInput({
  value,
  onCommit,
  parse,
  className,
  ...rest
}: Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type'> & {
  value: number | undefined
  onCommit: (value: number | undefined) => void
  parse: (text: string) => number | undefined
}) {
  const shown = value === undefined ? '' : String(value)
  const [text, setText] = useState(shown)
  const [editing, setEditing] = useState(false)
  return (
    <Input
      {...rest}
      type="text"
      inputMode="decimal"
      value={editing ? text : shown}
      onFocus={() => {
        setText(shown)
        setEditing(true)
      }}
      onChange={(event) => {
        setText(event.target.value)
        const trimmed = event.target.value.trim()
        if (trimmed === '') onCommit(undefined)
        else if (!Number.isNaN(Number(trimmed))) onCommit(parse(trimmed))
      }}
      onBlur={() => setEditing(false)}
      className={cn('tabular-nums', className)}
    />
  )
}

/** A labelled on/off switch (a real checkbox underneath). */
export function ToggleRow({
  label,
  hint,
  checked,
  disabled,
  onChange,
  testId,
}: {
  label: ReactNode
  hint?: ReactNode
  checked: boolean
  disabled?: boolean
  onChange: (checked: boolean) => void
  testId?: string
}) {
  const id = useId()
  return (
    // a disabled row dims its label and switch, never the hint: the hint says why it is disabled
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        <label htmlFor={id} className={cn('block text-sm font-medium', disabled ? 'text-muted' : 'text-ink')}>
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-sm text-muted">
            {hint}
          </p>
        ) : null}
      </div>
      <span className={cn('relative inline-flex shrink-0', disabled && 'opacity-50')}>
        <input
          id={id}
          type="checkbox"
          role="switch"
          data-testid={testId}
          checked={checked}
          disabled={disabled}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(event) => onChange(event.target.checked)}
          className="peer absolute inset-0 z-10 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
        />
        <span
          aria-hidden
          className={cn(
            'flex h-6 w-11 items-center rounded-full p-0.5 transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500',
            checked ? 'bg-brand-600' : 'bg-ink/20',
          )}
        >
          <span className={cn('size-5 rounded-full bg-white shadow-sm transition-transform', checked && 'translate-x-5')} />
        </span>
      </span>
    </div>
  )
}

/** A range slider with its label and the value written next to it. */
export function SliderField({
  label,
  value,
  min,
  max,
  step,
  format,
  onChange,
  disabled,
}: {
  label: string
  value: number
  min: number
  max: number
  step: number
  format: (value: number) => string
  onChange: (value: number) => void
  disabled?: boolean
}) {
  const id = useId()
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {label}
        </label>
        <output htmlFor={id} className="text-sm tabular-nums text-muted">
          {format(value)}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        disabled={disabled}
        aria-valuetext={format(value)}
        onChange={(event) => onChange(Number(event.target.value))}
        className="block h-5 w-full cursor-pointer accent-brand-600 disabled:cursor-not-allowed"
      />
    </div>
  )
}
