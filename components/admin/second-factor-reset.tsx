'use client'

import { useState } from 'react'
import { KeyRound } from 'lucide-react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { resetSecondFactorAction } from '@/lib/admin/actions'
import { plural } from '@/lib/plural'

interface Props {
  userId: string
  name: string
  /** verified authenticators */
  factors: number
  isSelf: boolean
  isAdmin: boolean
}

/**
 * Whether the person has two-step sign-in, and the reset for someone who lost every authenticator
 * (behind a confirmation; the database refuses yourself and records it).
 */
export function SecondFactorReset({ userId, name, factors, isSelf, isAdmin }: Props) {
  const [open, setOpen] = useState(false)
  const [pending, setPending] = useState(false)

  async function reset() {
    setPending(true)
    const id = toast.loading('Resetting two-step sign-in…')
    try {
      const result = await resetSecondFactorAction({ userId })
      if (result.ok) toast.success(`${name}’s two-step sign-in was reset and they were signed out everywhere`, { id })
      else toast.error(result.error, { id })
    } catch {
      toast.error('We could not reach the server. Check your connection and try again.', { id })
    } finally {
      setPending(false)
      setOpen(false)
    }
  }

  return (
    <div className="space-y-2">
      <p className="text-sm text-muted">
        {factors > 0
          ? `On: ${plural(factors, 'authenticator app')}. Each sign-in asks for a code.`
          : isAdmin
            ? 'Not set up yet: they will be asked to set it up on their next visit to the admin area.'
            : 'Off: a password alone signs them in.'}
      </p>
      {factors > 0 && !isSelf ? (
        <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
          <KeyRound aria-hidden /> Reset two-step sign-in
        </Button>
      ) : factors > 0 ? (
        <p className="text-sm text-muted">Change your own authenticators on your profile page.</p>
      ) : null}
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Reset ${name}’s two-step sign-in?`}
        description={`For someone who lost every authenticator. Make sure it is really ${name} asking, by a channel other than this account’s email. Their authenticators are removed and every session ends; their password then signs them in${isAdmin ? ', and they set up a new authenticator before using the admin area' : ''}.`}
        footer={
          <>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button variant="danger" pending={pending} onClick={() => void reset()}>
              Reset
            </Button>
          </>
        }
      />
    </div>
  )
}
