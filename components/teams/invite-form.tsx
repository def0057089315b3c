'use client'

import { useRef } from 'react'
import { Send } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Label } from '@/components/ui/label'
import { Select } from '@/components/ui/input'
import { useActionForm } from '@/components/dashboard/use-action-form'
import { inviteMember } from '@/lib/teams/actions'
import { inviteMemberSchema } from '@/lib/teams/schema'

/** Owners invite admins or members; team admins invite members (the database enforces the same). */
export function InviteForm({ teamId, canInviteAdmins }: { teamId: string; canInviteAdmins: boolean }) {
  const formRef = useRef<HTMLFormElement>(null)
  const form = useActionForm(
    inviteMemberSchema,
    inviteMember,
    {
      loading: 'Sending the invitation…',
      success: (data) => (data.emailed ? `Invitation sent to ${data.email}` : `Invitation created for ${data.email}`),
      successDescription: (data) =>
        data.emailed
          ? 'They can accept it from the link in the email.'
          : 'No email service is set up here: copy the link from the pending invitations and send it yourself.',
    },
    // only a sent invitation clears the address; a failed one keeps what was typed
    () => formRef.current?.reset(),
  )
  return (
    <form method="post"
      ref={formRef}
      noValidate
      onSubmit={form.onSubmit({ teamId })}
      className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_9rem_auto] sm:items-start"
    >
      <Field
        label="Email address"
        name="email"
        type="email"
        autoComplete="off"
        placeholder="colleague@agency.com"
        error={form.errors.email}
      />
      <div className="space-y-1.5">
        <Label htmlFor="invite-role">Role</Label>
        <Select id="invite-role" name="role" defaultValue="member" aria-invalid={form.errors.role ? true : undefined}>
          <option value="member">Member</option>
          {canInviteAdmins ? <option value="admin">Admin</option> : null}
        </Select>
        {form.errors.role ? <p className="text-sm text-danger-700">{form.errors.role}</p> : null}
      </div>
      <Button type="submit" className="sm:mt-7" pending={form.pending}>
        <Send aria-hidden /> Send invite
      </Button>
    </form>
  )
}
