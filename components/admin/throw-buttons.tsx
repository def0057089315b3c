'use client'

import { useState } from 'react'
import { Button, ButtonLink } from '@/components/ui/button'

/** Breaks on purpose, so the error page and error reporting can be seen working. */
export function ThrowButtons() {
  const [broken, setBroken] = useState(false)
  if (broken) throw new Error('Test error thrown in the browser from /admin/dev/sentry-example')
  return (
    <div className="flex flex-wrap gap-3">
      <Button variant="danger" onClick={() => setBroken(true)}>
        Throw a client error
      </Button>
      <ButtonLink href="/admin/dev/sentry-example?throw=server" variant="outline" prefetch={false}>
        Throw a server error
      </ButtonLink>
    </div>
  )
}
