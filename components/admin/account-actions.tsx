'use client'

import { useState } from 'react'
import { Ban, ShieldCheck, ShieldOff, Undo2 } from 'lucide-react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { SelectField } from '@/components/listings/select-field'
import { banUserAction, setAdminAction, unbanUserAction } from '@/lib/admin/actions'
import type { ActionResult } from '@/lib/safe-action'
import { BAN_DURATIONS } from '@/lib/constants'
import { formatDayTime } from './format'

interface Props {
  userId: string
  name: string
  isAdmin: boolean
  /** banned_until when a ban is in force now */
  bannedUntil: string | null
  isSelf: boolean
  isAnonymous: boolean
}

type Open = 'admin' | 'ban' | 'unban' | null

/**
 * Rights and bans, each behind a confirmation. The database has the last word (never yourself, never
 * the last administrator, never an administrator banned); the buttons only say so up front.
 */
export function AccountActions({ userId, name, isAdmin, bannedUntil, isSelf, isAnonymous }: Props) {
  const [open, setOpen] = useState<Open>(null)
  const [pending, setPending] = useState(false)
  const [duration, setDuration] = useState<string>(BAN_DURATIONS[0].id)

  async function run<T>(loading: string, call: () => Promise<ActionResult<T>>, success: (data: T) => string) {
    setPending(true)
    const id = toast.loading(loading)
    try {
      const result = await call()
      if (result.ok) toast.success(success(result.data), { id })
      else toast.error(result.error, { id })
    } catch {
      toast.error('We could not reach the server. Check your connection and try again.', { id })
    } finally {
      setPending(false)
      setOpen(null)
    }
  }

  const banLabel = BAN_DURATIONS.find((d) => d.id === duration)?.label.toLowerCase() ?? ''
  return (
    <div>
      <div className="space-y-2 border-b border-border pb-4">
        <p className="text-sm font-medium text-ink">Administrator rights</p>
        <p className="text-sm text-muted">
          {isSelf
            ? 'This is you. Another administrator can change your rights.'
            : isAdmin
              ? `${name} can open the admin pages and change any account.`
              : isAnonymous
                ? 'A trial visitor cannot be an administrator.'
                : `${name} is not an administrator.`}
        </p>
        {isSelf || (isAnonymous && !isAdmin) ? null : (
          <Button variant={isAdmin ? 'outline' : 'secondary'} size="sm" onClick={() => setOpen('admin')}>
            {isAdmin ? <ShieldOff aria-hidden /> : <ShieldCheck aria-hidden />}
            {isAdmin ? 'Remove administrator rights' : 'Make administrator'}
          </Button>
        )}
      </div>
      <div className="space-y-2 pt-4">
        <p className="text-sm font-medium text-ink">Ban</p>
        <p className="text-sm text-muted">
          {bannedUntil
            ? `Banned until ${formatDayTime(bannedUntil)}. They cannot sign in.`
            : isSelf
              ? 'You cannot ban yourself.'
              : isAdmin
                ? 'Administrators cannot be banned: remove their rights first.'
                : 'Signs them out everywhere and keeps them out until the ban ends. Their teams and work stay.'}
        </p>
        {bannedUntil && !isSelf ? (
          <Button variant="outline" size="sm" onClick={() => setOpen('unban')}>
            <Undo2 aria-hidden /> Lift the ban
          </Button>
        ) : !bannedUntil && !isSelf && !isAdmin ? (
          <Button variant="danger" size="sm" onClick={() => setOpen('ban')}>
            <Ban aria-hidden /> Ban…
          </Button>
        ) : null}
      </div>

      <Dialog
        open={open === 'admin'}
        onClose={() => setOpen(null)}
        title={isAdmin ? `Remove ${name}’s administrator rights?` : `Make ${name} an administrator?`}
        description={
          isAdmin
            ? 'They lose the admin pages at once. The last administrator can never be removed.'
            : 'They will see every account, team and render, and can grant credits, ban people and change rights.'
        }
        footer={
          <>
            <Button variant="outline" onClick={() => setOpen(null)}>
              Cancel
            </Button>
            <Button
              variant={isAdmin ? 'danger' : 'primary'}
              pending={pending}
              onClick={() =>
                run(isAdmin ? 'Removing administrator rights…' : 'Making an administrator…', () => setAdminAction({ userId, makeAdmin: !isAdmin }), (d) =>
                  d.isAdmin ? `${name} is now an administrator` : `${name} is no longer an administrator`,
                )
              }
            >
              {isAdmin ? 'Remove rights' : 'Make administrator'}
            </Button>
          </>
        }
      />

      <Dialog
        open={open === 'ban'}
        onClose={() => setOpen(null)}
        title={`Ban ${name}?`}
        description="Every session they have ends now, and sign-in is refused until the ban ends or you lift it. Their teams, listings and videos stay as they are."
        footer={
          <>
            <Button variant="outline" onClick={() => setOpen(null)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              pending={pending}
              onClick={() => run('Banning…', () => banUserAction({ userId, duration }), (d) => `${name} is banned until ${formatDayTime(d.bannedUntil)}`)}
            >
              Ban {banLabel === 'until lifted' ? 'until lifted' : `for ${banLabel}`}
            </Button>
          </>
        }
      >
        <SelectField label="How long" name="duration" value={duration} onChange={(event) => setDuration(event.target.value)}>
          {BAN_DURATIONS.map((d) => (
            <option key={d.id} value={d.id}>
              {d.label}
            </option>
          ))}
        </SelectField>
      </Dialog>

      <Dialog
        open={open === 'unban'}
        onClose={() => setOpen(null)}
        title={`Lift ${name}’s ban?`}
        description="They can sign in again straight away. Sessions ended by the ban stay ended."
        footer={
          <>
            <Button variant="outline" onClick={() => setOpen(null)}>
              Cancel
            </Button>
            <Button pending={pending} onClick={() => run('Lifting the ban…', () => unbanUserAction({ userId }), () => `${name} can sign in again`)}>
              Lift the ban
            </Button>
          </>
        }
      />
    </div>
  )
}
