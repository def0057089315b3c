import Link from 'next/link'
import { cn } from '@/components/ui/cn'

const steps = [
  { href: '/try/intro', label: 'Intro' },
  { href: '/try/property', label: 'Property' },
  { href: '/try/video', label: 'Video' },
] as const

/** The trial's three steps, the current one highlighted. */
export function TrySteps({ current }: { current: (typeof steps)[number]['label'] }) {
  const index = steps.findIndex((s) => s.label === current)
  return (
    <nav aria-label="Trial steps" className="mb-8">
      <ol className="flex items-center gap-2 text-sm">
        {steps.map((step, i) => (
          <li key={step.href} className="flex items-center gap-2">
            <Link
              href={step.href}
              aria-current={i === index ? 'step' : undefined}
              className={cn(
                'inline-flex items-center gap-2 rounded-full px-3 py-1 font-medium',
                i === index ? 'bg-brand-600 text-white' : i < index ? 'bg-brand-50 text-brand-700' : 'bg-ink/5 text-muted',
              )}
            >
              <span className="tabular-nums">{i + 1}</span> {step.label}
            </Link>
            {i < steps.length - 1 ? <span aria-hidden className="h-px w-6 bg-border-strong" /> : null}
          </li>
        ))}
      </ol>
    </nav>
  )
}
