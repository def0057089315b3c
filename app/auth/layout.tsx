import type { ReactNode } from 'react'
import { Check } from 'lucide-react'
import { Logo } from '@/components/site/logo'

const points = [
  'Turn listing photos and facts into a narrated video',
  'Preview every change live before you render',
  'Share a branded page buyers can open anywhere',
]

/** Two columns on wide screens: the product's promise beside the form; the form alone on phones. */
export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="grid min-h-dvh lg:grid-cols-[1fr_1.1fr]">
      <aside className="relative hidden overflow-hidden bg-brand-950 p-12 text-white lg:flex lg:flex-col lg:justify-between">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_40rem_at_-10%_-20%,oklch(0.5_0.21_262/0.55),transparent),radial-gradient(40rem_30rem_at_110%_120%,oklch(0.77_0.16_70/0.25),transparent)]"
        />
        <Logo className="relative text-white [&_span]:text-white" />
        <div className="relative max-w-md space-y-6">
          <h2 className="text-3xl leading-tight font-semibold">Every listing deserves a video that sells it.</h2>
          <ul className="space-y-3 text-brand-100">
            {points.map((point) => (
              <li key={point} className="flex items-start gap-3">
                <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-white/10">
                  <Check className="size-3.5" />
                </span>
                {point}
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-sm text-brand-200">Trusted by agents who would rather be showing homes than editing video.</p>
      </aside>
      <main className="flex flex-col px-4 py-8 sm:px-8">
        <div className="lg:hidden">
          <Logo />
        </div>
        <div className="flex flex-1 items-center justify-center py-10">
          <div className="w-full max-w-sm">{children}</div>
        </div>
      </main>
    </div>
  )
}
