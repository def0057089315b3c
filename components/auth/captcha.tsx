'use client'

import dynamic from 'next/dynamic'
import type { CaptchaConfig } from '@/lib/captcha/config'

/*
 * The provider's widget (Cloudflare Turnstile or hCaptcha), only when a site key is configured: the
 * provider's code is a separate chunk loaded with the form that needs it, so pages without a CAPTCHA
 * (and every page on a machine without keys) load nothing of it. Tokens are single-use: after a
 * refused attempt the form remounts the widget (change `generation`) to get a fresh one.
 */

interface WidgetProps {
  siteKey: string
  onToken: (token: string | null) => void
}

const Turnstile = dynamic(
  async () => {
    const { Turnstile: Widget } = await import('@marsidev/react-turnstile')
    return function TurnstileWidget({ siteKey, onToken }: WidgetProps) {
      return (
        <Widget
          siteKey={siteKey}
          options={{ size: 'flexible', theme: 'light' }}
          onSuccess={(token) => onToken(token)}
          onExpire={() => onToken(null)}
          onError={() => onToken(null)}
        />
      )
    }
  },
  { ssr: false, loading: () => <CaptchaPlaceholder /> },
)

const HCaptcha = dynamic(
  async () => {
    const { default: Widget } = await import('@hcaptcha/react-hcaptcha')
    return function HCaptchaWidget({ siteKey, onToken }: WidgetProps) {
      return <Widget sitekey={siteKey} onVerify={(token) => onToken(token)} onExpire={() => onToken(null)} onError={() => onToken(null)} />
    }
  },
  { ssr: false, loading: () => <CaptchaPlaceholder /> },
)

function CaptchaPlaceholder() {
  return <div className="h-[65px] w-full animate-pulse rounded-lg bg-ink/5" aria-label="Loading the check" />
}

export function Captcha({ config, onToken, generation = 0 }: { config: CaptchaConfig | null; onToken: (token: string | null) => void; generation?: number }) {
  if (!config) return null
  const Widget = config.provider === 'hcaptcha' ? HCaptcha : Turnstile
  return (
    <div className="min-h-[65px]" data-testid="captcha">
      <Widget key={generation} siteKey={config.siteKey} onToken={onToken} />
    </div>
  )
}
