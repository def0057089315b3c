'use client'

import { useState } from 'react'
import { toast } from 'sonner'
import type { z } from 'zod'
import type { ActionResult, FieldErrors } from '@/lib/safe-action'
import { CONTROL_CHARACTER_MESSAGE, findControlCharacter } from '@/lib/text'

type Messages<T> = {
  loading: string
  success: (data: T) => string
  /** a quieter success (e.g. a field that saves itself) */
  successDescription?: (data: T) => string | undefined
}

/**
 * One submit path for every dashboard form: the shared zod schema checks the input in the browser
 * (errors next to the fields, no request), then the server action checks it again. The form is
 * never reset on failure, so nothing typed is lost; the result surfaces as a loading toast that
 * turns into success or error.
 */
export function useActionForm<S extends z.ZodType, T>(
  schema: S,
  run: (input: z.input<S>) => Promise<ActionResult<T>>,
  messages: Messages<T>,
  onSuccess?: (data: T) => void | Promise<void>,
) {
  const [errors, setErrors] = useState<FieldErrors>({})
  const [pending, setPending] = useState(false)

  async function submit(values: z.input<S>): Promise<ActionResult<T> | null> {
    const controlAt = findControlCharacter(values)
    if (controlAt) {
      setErrors({ [controlAt]: CONTROL_CHARACTER_MESSAGE })
      return null
    }
    const parsed = schema.safeParse(values)
    if (!parsed.success) {
      const next: FieldErrors = {}
      for (const issue of parsed.error.issues) next[issue.path.join('.') || 'form'] ??= issue.message
      setErrors(next)
      return null
    }
    setErrors({})
    setPending(true)
    const id = toast.loading(messages.loading)
    try {
      const result = await run(values)
      if (result.ok) {
        toast.success(messages.success(result.data), { id, description: messages.successDescription?.(result.data) })
        await onSuccess?.(result.data)
      } else {
        setErrors(result.fieldErrors ?? {})
        toast.error(result.error, { id })
      }
      return result
    } catch {
      toast.error('We could not reach the server. Check your connection and try again.', { id })
      return null
    } finally {
      setPending(false)
    }
  }

  /** For <form onSubmit>: reads the named inputs, keeps them on screen whatever happens. */
  function onSubmit(extra?: Record<string, unknown>) {
    return (event: React.FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      const values = { ...Object.fromEntries(new FormData(event.currentTarget).entries()), ...extra }
      void submit(values as z.input<S>)
    }
  }

  return { errors, pending, submit, onSubmit, setErrors }
}
