'use client'

import { useState } from 'react'
import { toast } from 'sonner'
import type { z } from 'zod'
import type { ActionResult } from '@/lib/safe-action'
import { fieldErrorsOf } from '@/lib/auth/schema'

interface Options<S extends z.ZodType, T> {
  schema: S
  submit: (input: z.input<S>) => Promise<ActionResult<T>>
  loading: string
  onSuccess: (data: T, toastId: string | number) => void
}

/**
 * The shared behaviour of the auth forms: validate with the same zod schema the server uses,
 * show a loading toast that turns into success or error, keep field errors beside their inputs.
 */
export function useAuthForm<S extends z.ZodType, T>({ schema, submit, loading, onSuccess }: Options<S, T>) {
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  async function handleSubmit(values: z.input<S>) {
    setFormError(null)
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
    // stays pending on success: the page is navigating away
    setPending(false)
  }

  return { fieldErrors, formError, pending, handleSubmit }
}
