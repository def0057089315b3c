import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FEEDBACK } from '../../../lib/constants.ts'
import { countFeedbackByStatus, listFeedback, listFeedbackForUser } from '../../../lib/feedback/queries.ts'
import { sendFeedbackSchema } from '../../../lib/feedback/schema.ts'
import { reviewFeedback, sendFeedback } from '../../../lib/feedback/writes.ts'
import type { Db } from '../../../lib/listings/refusal.ts'
import { clientFor } from '../../helpers/supabase.ts'
import { assembleCast, behind, must, signUp, type Cast, type Person } from './cast.ts'

// feedback: signed-in people send their own from their own teams' pages; they read their own (never
// the administrators' note); administrators read everything and change status and note only through
// admin_update_feedback(), which is audited; at most FEEDBACK.perHour messages per person per hour.
describe('feedback', () => {
  let cast: Cast
  beforeAll(async () => {
    cast = await assembleCast()
  })
  afterAll(() => cast?.standIn.stop())

  const db = (client: SupabaseClient) => client as unknown as Db
  const path = (teamId = cast.teamId) => `/dashboard/${teamId}/props`
  const insert = (who: Person, row: Record<string, unknown>) =>
    who.client.from('feedback').insert({ user_id: who.id, team_id: cast.teamId, kind: 'idea', message: 'Hello', page_path: path(), ...row })
  const send = async (who: Person, message = 'The editor could use keyboard shortcuts.', kind = 'idea') =>
    (await sendFeedback(db(who.client), who.id, { kind, message, pagePath: path(), teamId: cast.teamId })).id
  const auditRows = async (feedbackId: string) =>
    (await behind<{ action: string; details: Record<string, unknown> }>(cast, 'admin_audit_log', { action: 'feedback.update' })).filter(
      (row) => row.details.feedback_id === feedbackId,
    )

  describe('sending', () => {
    it('stores a member’s message as new, trimmed, with the page and team, times set by the database', async () => {
      const id = await send(cast.member, '  The preview stutters on my phone.  \n', 'bug')
      const [row] = await behind(cast, 'feedback', { id })
      expect(row).toMatchObject({
        user_id: cast.member.id,
        team_id: cast.teamId,
        kind: 'bug',
        message: 'The preview stutters on my phone.',
        page_path: path(),
        status: 'new',
        admin_note: null,
        reviewed_by: null,
      })
    })

    it('takes a message without a team, and refuses another person’s name or a team the sender is not in', async () => {
      expect((await insert(cast.outsider, { team_id: null })).error).toBeNull()
      expect((await insert(cast.outsider, { team_id: cast.otherTeamId })).error).toBeNull()
      const asSomeoneElse = await insert(cast.member, { user_id: cast.owner.id })
      expect(asSomeoneElse.error?.message).toMatch(/row-level security/)
      const otherTeam = await insert(cast.outsider, { team_id: cast.teamId })
      expect(otherTeam.error?.message).toMatch(/row-level security/)
      await expect(sendFeedback(db(cast.outsider.client), cast.outsider.id, { kind: 'bug', message: 'x', pagePath: '/', teamId: cast.teamId })).rejects.toThrow(
        'You can send feedback only from a team you belong to.',
      )
    })

    it('refuses visitors and anonymous (trial) accounts', async () => {
      const visitor = await cast.visitor.from('feedback').insert({ kind: 'idea', message: 'Hi', page_path: '/' })
      expect(visitor.error?.code).toBe('42501')
      const trial = clientFor(cast.standIn, 'anon')
      const { data } = await trial.auth.signInAnonymously()
      const refused = await trial.from('feedback').insert({ user_id: data.user!.id, kind: 'idea', message: 'Hi', page_path: '/try' })
      expect(refused.error?.message).toBe('Create an account to send feedback.')
      expect(await behind(cast, 'feedback', { user_id: data.user!.id })).toEqual([])
    })

    it('lets nobody set the status, the note or the times when sending', async () => {
      for (const extra of [{ status: 'resolved' }, { admin_note: 'mine' }, { created_at: '2020-01-01T00:00:00Z' }]) {
        expect((await insert(cast.member, extra)).error?.code, JSON.stringify(extra)).toBe('42501')
      }
    })

    it('takes only a path on this site, and the app’s schema agrees with the table', async () => {
      const good = ['/', '/dashboard', path(), '/dashboard/x/props/y%20z', `/${'a'.repeat(FEEDBACK.pagePathMax - 1)}`]
      const bad = [
        '', 'dashboard', '//evil.test', '/\\evil.test', '/a\\b', 'https://evil.test/x', 'javascript:alert(1)',
        '/a b', '/a?q=1', '/a#top', '/a\tb', '/a\u0001', `/${'a'.repeat(FEEDBACK.pagePathMax)}`,
      ]
      for (const pagePath of [...good, ...bad]) {
        const stored = !(await insert(cast.owner, { page_path: pagePath })).error
        const parsed = sendFeedbackSchema.safeParse({ kind: 'idea', message: 'Hi', pagePath }).success
        expect([stored, parsed], JSON.stringify(pagePath)).toEqual(good.includes(pagePath) ? [true, true] : [false, false])
      }
    })

    it(`takes 1–${FEEDBACK.messageMax} characters of message and one of the four kinds`, async () => {
      expect((await insert(cast.owner, { message: 'x'.repeat(FEEDBACK.messageMax) })).error).toBeNull()
      for (const message of ['', '   \n ', 'x'.repeat(FEEDBACK.messageMax + 1)]) {
        expect((await insert(cast.owner, { message })).error?.code, JSON.stringify(message.slice(0, 10))).toBe('23514')
        expect(sendFeedbackSchema.safeParse({ kind: 'idea', message, pagePath: '/' }).success).toBe(false)
      }
      // control characters (which every server action refuses before its schema) are refused here too
      expect((await insert(cast.owner, { message: 'bell\u0007' })).error?.code).toBe('23514')
      expect((await insert(cast.owner, { kind: 'rant' })).error?.code).toBe('23514')
      for (const kind of ['bug', 'idea', 'praise', 'other']) expect((await insert(cast.owner, { kind })).error).toBeNull()
    })
  })

  describe('reading', () => {
    let id: string
    beforeAll(async () => {
      id = await send(cast.teamAdmin, 'Please add a dark mode.')
      must(await cast.siteAdmin.client.rpc('admin_update_feedback', { p_id: id, p_status: 'reviewed', p_note: 'Internal: on the roadmap' }), 'note')
    })

    it('shows senders their own messages and status, but never the administrators’ note', async () => {
      const own = must(await cast.teamAdmin.client.from('feedback').select('id, status, message, page_path').eq('id', id), 'own')
      expect(own).toEqual([{ id, status: 'reviewed', message: 'Please add a dark mode.', page_path: path() }])
      expect((await cast.teamAdmin.client.from('feedback').select('admin_note').eq('id', id)).error?.code).toBe('42501')
      expect((await cast.teamAdmin.client.from('feedback').select('reviewed_by').eq('id', id)).error?.code).toBe('42501')
    })

    it('hides one person’s feedback from everyone else, teammates and owners included', async () => {
      for (const who of [cast.owner, cast.member, cast.outsider]) {
        expect(must(await who.client.from('feedback').select('id').eq('id', id), 'other').length).toBe(0)
      }
      expect((await cast.visitor.from('feedback').select('id')).error?.code).toBe('42501')
      for (const who of [cast.owner, cast.member]) {
        expect((await who.client.rpc('admin_list_feedback', {})).error?.code).toBe('42501')
      }
    })

    it('shows administrators every message with the note, names, filters and the total', async () => {
      const all = must(await cast.siteAdmin.client.from('feedback').select('id'), 'admin select')
      expect(all.length).toBe((await behind(cast, 'feedback', {})).length)
      const { items } = await listFeedbackForUser(db(cast.siteAdmin.client), cast.teamAdmin.id, 5)
      expect(items[0]).toMatchObject({ id, admin_note: 'Internal: on the roadmap', team_name: 'Harbour Realty', sender_email: cast.teamAdmin.email })
      const reviewedIdeas = await listFeedback(db(cast.siteAdmin.client), { status: 'reviewed', kind: 'idea' })
      expect(reviewedIdeas.items.map((item) => item.id)).toContain(id)
      expect(reviewedIdeas.items.every((item) => item.status === 'reviewed' && item.kind === 'idea')).toBe(true)
      const counts = await countFeedbackByStatus(db(cast.siteAdmin.client))
      expect(counts.all).toBe(all.length)
      expect(counts.new + counts.reviewed + counts.resolved).toBe(counts.all)
      const newest = await listFeedback(db(cast.siteAdmin.client))
      const times = newest.items.map((item) => item.created_at)
      expect(times).toEqual([...times].sort().reverse())
      expect(newest.total).toBe(counts.all)
    })
  })

  describe('status and note', () => {
    it('cannot be changed by the table’s API, whoever asks', async () => {
      const id = await send(cast.member)
      for (const who of [cast.member, cast.owner, cast.siteAdmin]) {
        const { error } = await who.client.from('feedback').update({ status: 'resolved' }).eq('id', id)
        expect(error?.code).toBe('42501')
        expect((await who.client.from('feedback').delete().eq('id', id)).error?.code).toBe('42501')
      }
      expect((await behind(cast, 'feedback', { id }))[0]).toMatchObject({ status: 'new' })
    })

    it('are refused to visitors, trial accounts, members, team admins and owners, with nothing recorded', async () => {
      const id = await send(cast.member)
      const trial = clientFor(cast.standIn, 'anon')
      await trial.auth.signInAnonymously()
      const callers: [string, SupabaseClient][] = [
        ['visitor', cast.visitor], ['trial', trial], ['member', cast.member.client],
        ['team admin', cast.teamAdmin.client], ['owner', cast.owner.client], ['outsider', cast.outsider.client],
      ]
      for (const [name, client] of callers) {
        const { error } = await client.rpc('admin_update_feedback', { p_id: id, p_status: 'resolved', p_note: 'hm' })
        expect(error?.code, name).toBe('42501')
      }
      await expect(reviewFeedback(db(cast.owner.client), { id, status: 'resolved' })).rejects.toThrow('Only site administrators review feedback.')
      expect((await behind(cast, 'feedback', { id }))[0]).toMatchObject({ status: 'new', admin_note: null })
      expect(await auditRows(id)).toEqual([])
    })

    it('are changed by an administrator and recorded in the audit log', async () => {
      const id = await send(cast.member, 'Export to Instagram would help.')
      const result = await reviewFeedback(db(cast.siteAdmin.client), { id, status: 'reviewed', note: '  Asked design for a mock-up. ' })
      expect(result).toMatchObject({ status: 'reviewed', admin_note: 'Asked design for a mock-up.' })
      const [row] = await behind(cast, 'feedback', { id })
      expect(row).toMatchObject({ status: 'reviewed', admin_note: 'Asked design for a mock-up.', reviewed_by: cast.siteAdmin.id })
      expect(row.reviewed_at).toBeTruthy()
      const [audit] = await behind<Record<string, unknown>>(cast, 'admin_audit_log', { action: 'feedback.update' }).then((rows) =>
        rows.filter((r) => (r.details as { feedback_id?: string }).feedback_id === id),
      )
      expect(audit).toMatchObject({
        actor_id: cast.siteAdmin.id,
        target_user_id: cast.member.id,
        target_team_id: cast.teamId,
        details: { feedback_id: id, status_from: 'new', status_to: 'reviewed', note_changed: true, note: 'Asked design for a mock-up.' },
      })

      // saving the same again changes nothing and records nothing; an empty note removes it
      await reviewFeedback(db(cast.siteAdmin.client), { id, status: 'reviewed', note: 'Asked design for a mock-up.' })
      expect(await auditRows(id)).toHaveLength(1)
      expect(await reviewFeedback(db(cast.siteAdmin.client), { id, status: 'resolved', note: '' })).toMatchObject({ status: 'resolved', admin_note: null })
      expect((await auditRows(id)).map((r) => r.details.status_to)).toEqual(['reviewed', 'resolved'])
    })

    it('refuses an unknown message, an unknown status and an over-long note', async () => {
      const id = await send(cast.member)
      const rpc = (args: { p_id: string; p_status: string; p_note?: string }) => cast.siteAdmin.client.rpc('admin_update_feedback', args)
      expect((await rpc({ p_id: crypto.randomUUID(), p_status: 'reviewed' })).error?.message).toBe('That feedback no longer exists.')
      expect((await rpc({ p_id: id, p_status: 'done' })).error?.message).toBe('Choose new, reviewed or resolved.')
      expect((await rpc({ p_id: id, p_status: 'new', p_note: 'x'.repeat(FEEDBACK.noteMax + 1) })).error?.message).toBe('Keep the note to 2,000 characters.')
      await expect(reviewFeedback(db(cast.siteAdmin.client), { id, status: 'new', note: 'x'.repeat(FEEDBACK.noteMax + 1) })).rejects.toThrow(/2,000 characters/)
      expect(await auditRows(id)).toEqual([])
    })
  })

  describe(`the limit of ${FEEDBACK.perHour} messages per person per hour`, () => {
    it('stores exactly the limit out of concurrent sends, then says when to try again', async () => {
      const sender = await signUp(cast.standIn, 'chatty')
      const results = await Promise.all(
        Array.from({ length: FEEDBACK.perHour + 5 }, (_, i) =>
          sender.client.from('feedback').insert({ user_id: sender.id, kind: 'other', message: `Note ${i}`, page_path: '/' }),
        ),
      )
      expect(results.filter((r) => !r.error)).toHaveLength(FEEDBACK.perHour)
      for (const r of results.filter((r) => r.error)) {
        expect(r.error?.message).toMatch(new RegExp(`^You have sent ${FEEDBACK.perHour} messages in the last hour\\. Please try again in \\d+ minutes?\\.$`))
      }
      expect(await behind(cast, 'feedback', { user_id: sender.id })).toHaveLength(FEEDBACK.perHour)
      await expect(sendFeedback(db(sender.client), sender.id, { kind: 'idea', message: 'One more', pagePath: '/' })).rejects.toThrow(
        /Please try again in (59|60) minutes\./,
      )

      // once the oldest message is more than an hour old, one more may go
      await cast.standIn.db.query(
        `update public.feedback set created_at = now() - interval '61 minutes'
         where id = (select id from public.feedback where user_id = $1 order by created_at limit 1)`,
        [sender.id],
      )
      expect((await sendFeedback(db(sender.client), sender.id, { kind: 'idea', message: 'One more', pagePath: '/' })).id).toBeTruthy()
    })

    it('counts each person separately', async () => {
      const other = await signUp(cast.standIn, 'quiet')
      expect((await sendFeedback(db(other.client), other.id, { kind: 'praise', message: 'Love it', pagePath: '/' })).id).toBeTruthy()
    })
  })

  it('keeps a message when its team is deleted (without the team) and drops it with the sender’s account', async () => {
    const founder = await signUp(cast.standIn, 'founder')
    const teamId = must(await founder.client.rpc('create_team', { p_name: 'Short Lived' }), 'team') as string
    const id = (await sendFeedback(db(founder.client), founder.id, { kind: 'bug', message: 'Oops', pagePath: path(teamId), teamId })).id
    must(await founder.client.from('teams').delete().eq('id', teamId).select('id'), 'delete team')
    expect((await behind(cast, 'feedback', { id }))[0]).toMatchObject({ team_id: null })
    expect((await cast.service.auth.admin.deleteUser(founder.id)).error).toBeNull()
    expect(await behind(cast, 'feedback', { id })).toEqual([])
  })
})
