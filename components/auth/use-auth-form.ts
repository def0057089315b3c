'use client'

import { createElement, useState } from 'react'
import { toast } from 'sonner'
import type { z } from 'zod'
import type { ActionResult } from '@/lib/safe-action'
import { fieldErrorsOf } from '@/lib/auth/schema'
import { CAPTCHA_MISSING, captchaConfig } from '@/lib/captcha/config'
import { Captcha } from './captcha'

interface Options<S extends z.ZodType, T> {
  schema: S
  submit: (input: z.input<S>) => Promise<ActionResult<T>>
  loading: string
  onSuccess: (data: T, toastId: string | number) => void
}

/**
 * The shared behaviour of the auth forms: validate with the same zod schema the server uses,
 * show a loading toast that turns into success or error, keep field errors beside their inputs.
 * With a CAPTCHA configured (docs/captcha.md) the form shows `captcha` and its token goes with the
 * values; the widget is reset after every refused attempt, a token being good for one.
 */
export function useAuthForm<S extends z.ZodType, T>({ schema, submit, loading, onSuccess }: Options<S, T>) {
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const [config] = useState(captchaConfig)
  const [token, setToken] = useState<string | null>(null)
  const [generation, setGeneration] = useState(0)
  const captcha = config ? createElement(Captcha, { config, onToken: setToken, generation }) : null

  async function handleSubmit(fields: z.input<S>) {
    setFormError(null)
    if (config && !token) {
      setFormError(CAPTCHA_MISSING)
      return
    }
    const values = (config ? { ...(fields as object), captchaToken: token } : fields) as z.input<S>
    const parsed = schema.safeParse(values)
    if (!parsed.success) {
      setFieldErrors(fieldErrorsOf(parsed.error))
      return
    }
    setFieldErrors({})
    setPending(true)
    const id = toast.loading(loading)
    try {
      const result = await submit(values)
      if (result.ok) {
        onSuccess(result.data, id)
        return

      }
      setFieldErrors(result.fieldErrors ?? {})
      if (!result.fieldErrors) setFormError(result.error)
      toast.error(result.error, { id })
    } catch {
      toast.error('We could not reach the server. Check your connection and try again.', { id })
    }
    if (config) {
      setToken(null)
      setGeneration((g) => g + 1)
    }
    // stays pending on success: the page is navigating away
    setPending(false)
  }

  return { fieldErrors, formError, pending, handleSubmit, captcha }
}
