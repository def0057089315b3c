'use client'

import { useRouter } from 'next/navigation'
import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { Captcha } from '@/components/auth/captcha'
import { FormNotice } from '@/components/auth/auth-heading'
import { Button } from '@/components/ui/button'
import { capture } from '@/lib/analytics/browser'
import { CAPTCHA_MISSING, type CaptchaConfig } from '@/lib/captcha/config'
import { startTrial } from '@/lib/trials/actions'

/**
 * "Start my trial" (or "Start over with another property" with `fresh`): signs the visitor in
 * anonymously when they have no session yet, behind the CAPTCHA when one is configured, and opens
 * the step they are at.
 */
export function StartTrial({ captcha, fresh = false, label, variant = 'primary' }: {
  captcha: CaptchaConfig | null
  fresh?: boolean
  label: string
  variant?: 'primary' | 'outline'
}) {
  const router = useRouter()
  const [token, setToken] = useState<string | null>(null)
  const [generation, setGeneration] = useState(0)
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (captcha && !token) {
      setError(CAPTCHA_MISSING)
      return
    }
    setPending(true)
    setError(null)
    const result = await startTrial({ captchaToken: token ?? undefined, fresh })
    if (!result.ok) {
      setPending(false)
      setError(result.error)
      toast.error(result.error)
      // a CAPTCHA token is good for one attempt
      setToken(null)
      setGeneration((g) => g + 1)
      return
    }
    toast.success(fresh ? 'A new trial project is ready.' : 'Your trial has started.')
    capture('try_started', { fresh })
    router.push(result.data.next)
  }

  return (
    <form method="post" onSubmit={submit} noValidate className="space-y-4">
      {error ? <FormNotice tone="error">{error}</FormNotice> : null}
      <Captcha config={captcha} onToken={setToken} generation={generation} />
      <Button type="submit" size="lg" variant={variant} pending={pending}>
        {label}
      </Button>
    </form>
  )
}
