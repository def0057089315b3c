/**
 * A drawing of what the product makes: a portrait listing video with title card, facts and an agent
 * end card, beside the editor's scene strip. Static artwork: the landing page shows it until the
 * visitor asks for the real Player (components/site/landing-preview.tsx).
 */
export function VideoFrameIllustration() {
  return (
    <div className="relative mx-auto w-full max-w-md" aria-label="Illustration of a listing video in the editor" role="img">
      <div className="absolute -inset-6 -z-10 rounded-[2rem] bg-[radial-gradient(closest-side,oklch(0.57_0.2_262/0.18),transparent)]" />
      <div className="rounded-2xl border border-border bg-surface p-3 shadow-pop">
        <div className="flex items-center gap-1.5 px-1 pb-3">
          <span className="size-2.5 rounded-full bg-ink/10" />
          <span className="size-2.5 rounded-full bg-ink/10" />
          <span className="size-2.5 rounded-full bg-ink/10" />
          <span className="ml-3 h-2 w-28 rounded-full bg-ink/8" />
        </div>
        <div className="grid grid-cols-[1fr_5.5rem] gap-3">
          <div className="relative aspect-[9/14] overflow-hidden rounded-xl bg-brand-950">
            <svg viewBox="0 0 180 280" className="absolute inset-0 size-full" aria-hidden>
              <defs>
                <linearGradient id="sky" x1="0" x2="0" y1="0" y2="1">
                  <stop offset="0" stopColor="oklch(0.75 0.09 240)" />
                  <stop offset="1" stopColor="oklch(0.93 0.05 70)" />
                </linearGradient>
              </defs>
              <rect width="180" height="280" fill="url(#sky)" />
              <circle cx="140" cy="60" r="18" fill="oklch(0.95 0.08 85)" />
              <path d="M0 200 Q60 180 180 196 V280 H0z" fill="oklch(0.62 0.1 150)" />
              <path d="M36 196 V130 L90 92 L144 130 V196z" fill="oklch(0.97 0.01 80)" />
              <path d="M28 134 L90 88 L152 134" fill="none" stroke="oklch(0.4 0.05 30)" strokeWidth="7" strokeLinejoin="round" />
              <rect x="80" y="156" width="20" height="40" rx="2" fill="oklch(0.45 0.08 40)" />
              <rect x="48" y="140" width="22" height="20" rx="2" fill="oklch(0.78 0.07 230)" />
              <rect x="110" y="140" width="22" height="20" rx="2" fill="oklch(0.78 0.07 230)" />
            </svg>
            <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/75 via-black/35 to-transparent p-4 pt-16 text-white">
              <div className="text-[0.65rem] font-medium tracking-[0.18em] text-accent-400 uppercase">Just listed</div>
              <div className="mt-1 text-lg leading-tight font-semibold">Your listing&apos;s address</div>
              <div className="mt-2 flex gap-2 text-[0.7rem] text-white/85">
                <span className="rounded bg-white/15 px-1.5 py-0.5">Beds</span>
                <span className="rounded bg-white/15 px-1.5 py-0.5">Baths</span>
                <span className="rounded bg-white/15 px-1.5 py-0.5">Area</span>
              </div>
            </div>
            <div className="absolute top-3 left-3 rounded-full bg-black/40 px-2 py-0.5 text-[0.6rem] font-medium text-white backdrop-blur">
              9:16 · 30 fps
            </div>
          </div>
          <div className="flex flex-col gap-2">
            {['Title card', 'Photos', 'Facts', 'Agent'].map((scene, i) => (
              <div
                key={scene}
                className={`flex aspect-[9/12] items-end rounded-lg p-1.5 text-[0.6rem] font-medium ${
                  i === 1 ? 'bg-brand-600 text-white ring-2 ring-brand-300' : 'bg-canvas text-muted ring-1 ring-border'
                }`}
              >
                {scene}
              </div>
            ))}
          </div>
        </div>
        <div className="mt-3 flex items-center gap-3 px-1">
          <span className="flex size-7 items-center justify-center rounded-full bg-brand-600 text-white">
            <svg viewBox="0 0 12 12" className="size-3" aria-hidden>
              <path d="M3 2v8l7-4z" fill="currentColor" />
            </svg>
          </span>
          <div className="h-1.5 flex-1 overflow-hidden rounded-full bg-ink/8">
            <div className="h-full w-2/5 rounded-full bg-brand-500" />
          </div>
          <span className="text-xs tabular-nums text-muted">0:12 / 0:30</span>
        </div>
      </div>
    </div>
  )
}
