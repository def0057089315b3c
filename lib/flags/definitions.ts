/*
 * Every feature flag and experiment the code reads, with the value used when PostHog is not
 * configured, cannot be reached in time, or does not know the flag (docs/observability.md). A flag
 * read anywhere (server: lib/flags/server.ts, browser: lib/flags/client.tsx) is one of these names,
 * and its value is always one this list allows: anything else from the service becomes the default.
 */

interface BooleanFlag {
  kind: 'boolean'
  default: boolean
  description: string
}

interface VariantFlag<V extends string = string> {
  kind: 'variant'
  variants: readonly V[]
  default: V
  description: string
}

export const FLAGS = {
  /** Experiment: the landing page's headline (app/page.tsx). Exposure is recorded when the page is seen. */
  'landing-headline': {
    kind: 'variant',
    variants: ['control', 'minutes'],
    default: 'control',
    description: 'Landing headline: "Turn any listing into a video that sells it." (control) or "From listing photos to a narrated video in minutes." (minutes)',
  },
} as const satisfies Record<string, BooleanFlag | VariantFlag>

export type FlagName = keyof typeof FLAGS
type Definition<N extends FlagName> = (typeof FLAGS)[N]
export type FlagValue<N extends FlagName> = Definition<N> extends { kind: 'variant'; variants: readonly (infer V)[] } ? V : boolean
export type FlagValues = { [N in FlagName]: FlagValue<N> }

export const FLAG_NAMES = Object.keys(FLAGS) as FlagName[]

/** How long the server waits for PostHog's answer before rendering with the defaults. */
export const FLAG_TIMEOUT_MS = 400

export function flagDefault<N extends FlagName>(name: N): FlagValue<N> {
  return FLAGS[name].default as FlagValue<N>
}

export function defaultFlags(): FlagValues {
  return Object.fromEntries(FLAG_NAMES.map((name) => [name, flagDefault(name)])) as FlagValues
}

/**
 * The value to use for what the service answered: a known variant, or for a boolean flag a boolean
 * (a multivariate answer counts as on); anything else (missing, unknown, wrong type) is the default.
 */
export function resolveFlag<N extends FlagName>(name: N, raw: unknown): FlagValue<N> {
  const flag = FLAGS[name] as BooleanFlag | VariantFlag
  if (flag.kind === 'variant') {
    return (typeof raw === 'string' && flag.variants.includes(raw) ? raw : flag.default) as FlagValue<N>
  }
  if (typeof raw === 'boolean') return raw as FlagValue<N>
  if (typeof raw === 'string' && raw) return true as FlagValue<N>
  return flag.default as FlagValue<N>
}

export function resolveFlags(raw: Partial<Record<string, unknown>>): FlagValues {
  return Object.fromEntries(FLAG_NAMES.map((name) => [name, resolveFlag(name, raw[name])])) as FlagValues
}

/**
 * True when the service's answer is one this app knows: a listed variant, or for a boolean flag a
 * boolean or a variant name. Only such answers are exposures; anything else shows the default and
 * records nothing (an unknown variant is not the control group).
 */
export function isKnownAnswer(name: FlagName, raw: unknown): boolean {
  const flag = FLAGS[name] as BooleanFlag | VariantFlag
  if (flag.kind === 'variant') return typeof raw === 'string' && flag.variants.includes(raw)
  return typeof raw === 'boolean' || (typeof raw === 'string' && raw !== '')
}

/** What a page was rendered with, handed to the browser so posthog-js starts from the same answer. */
export interface FlagBootstrap {
  /** the PostHog distinct id the server evaluated for */
  distinctId: string
  /** true when that id is the signed-in account's (posthog-js then treats it as identified) */
  identified: boolean
  values: FlagValues
  /** 'service' when PostHog answered; 'defaults' otherwise (then nothing is recorded as an exposure) */
  source: 'service' | 'defaults'
  /** the flags PostHog answered with a value this app knows (only those are recorded as exposures) */
  answered: FlagName[]
}
