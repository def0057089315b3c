import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientFor } from '../../helpers/supabase.ts'
import { assembleCast, behind, everyone, signUp, type Cast } from './cast.ts'

// profiles: select own + teammates (admins all); update own name/avatar/last team only; no insert/delete.
describe('profiles policies', () => {
  let cast: Cast
  beforeAll(async () => {
    cast = await assembleCast()
  })
  afterAll(() => cast?.standIn.stop())

  const ids = (rows: { id: string }[] | null) => (rows ?? []).map((r) => r.id).sort()

  it('makes a profile for every new user, with the name from sign-up metadata', async () => {
    const [row] = await behind<{ email: string; is_admin: boolean }>(cast, 'profiles', { id: cast.member.id })
    expect(row).toMatchObject({ email: cast.member.email, is_admin: false })
    const { data, error } = await clientFor(cast.standIn).auth.signUp({
      email: 'named.person@example.test',
      password: 'correct-horse-9',
      options: { data: { full_name: '  Nora Named ' } },
    })
    expect(error).toBeNull()
    const [named] = await behind<{ full_name: string }>(cast, 'profiles', { id: data.user!.id })
    expect(named.full_name).toBe('Nora Named')
  })

  it('keeps the copied email in step when the account email changes', async () => {
    const mover = await signUp(cast.standIn, 'mover')
    const { error } = await cast.service.auth.admin.updateUserById(mover.id, {
      email: 'Moved.Person@Example.test',
      email_confirm: true,
    })
    expect(error).toBeNull()
    const [row] = await behind<{ email: string }>(cast, 'profiles', { id: mover.id })
    expect(row.email).toBe('moved.person@example.test')
  })

  describe('select', () => {
    it('refuses a visitor without a session', async () => {
      const { data, error } = await cast.visitor.from('profiles').select('id')
      expect(error?.code).toBe('42501')
      expect(data).toBeNull()
    })

    it('shows a member their own profile and their teammates, not the outsider', async () => {
      const { data, error } = await cast.member.client.from('profiles').select('id')
      expect(error).toBeNull()
      expect(ids(data)).toEqual([cast.owner.id, cast.teamAdmin.id, cast.member.id].sort())
    })

    it('shows the owner the same team roster', async () => {
      const { data } = await cast.owner.client.from('profiles').select('id')
      expect(ids(data)).toEqual([cast.owner.id, cast.teamAdmin.id, cast.member.id].sort())
    })

    it('shows a member of another team only their own profile', async () => {
      const { data, error } = await cast.outsider.client.from('profiles').select('id')
      expect(error).toBeNull()
      expect(ids(data)).toEqual([cast.outsider.id])
    })

    it('shows a site administrator every profile', async () => {
      const { data } = await cast.siteAdmin.client.from('profiles').select('id')
      expect(ids(data)).toEqual(
        expect.arrayContaining([cast.owner.id, cast.teamAdmin.id, cast.member.id, cast.outsider.id, cast.siteAdmin.id]),
      )
    })
  })

  describe('insert and delete', () => {
    it('refuses inserting a profile, for anyone', async () => {
      for (const [who, client] of everyone(cast)) {
        const { error } = await client.from('profiles').insert({ id: crypto.randomUUID(), full_name: 'Ghost' })
        expect(error?.code, who).toBe('42501')
      }
    })

    it('refuses deleting a profile, even your own', async () => {
      for (const person of [cast.member, cast.owner, cast.siteAdmin]) {
        const { error } = await person.client.from('profiles').delete().eq('id', person.id)
        expect(error?.code).toBe('42501')
      }
      expect(await behind(cast, 'profiles', { id: cast.member.id })).toHaveLength(1)
    })
  })

  describe('update', () => {
    it('lets a user change their own name and avatar path', async () => {
      const { data, error } = await cast.member.client
        .from('profiles')
        .update({ full_name: 'Marcus M.', avatar_path: `${cast.member.id}/face.png` })
        .eq('id', cast.member.id)
        .select('full_name, avatar_path')
      expect(error).toBeNull()
      expect(data).toEqual([{ full_name: 'Marcus M.', avatar_path: `${cast.member.id}/face.png` }])
    })

    it("refuses an avatar path outside the user's own folder", async () => {
      const { error } = await cast.member.client
        .from('profiles')
        .update({ avatar_path: `${cast.owner.id}/face.png` })
        .eq('id', cast.member.id)
      expect(error?.code).toBe('23514')
    })

    it("does not change a teammate's profile (no row matches)", async () => {
      const { data, error } = await cast.member.client
        .from('profiles')
        .update({ full_name: 'Hijacked' })
        .eq('id', cast.owner.id)
        .select('id')
      expect(error).toBeNull()
      expect(data).toEqual([])
      const [owner] = await behind<{ full_name: string | null }>(cast, 'profiles', { id: cast.owner.id })
      expect(owner.full_name).not.toBe('Hijacked')
    })

    it("does not let a site administrator edit someone else's profile directly", async () => {
      const { data } = await cast.siteAdmin.client
        .from('profiles')
        .update({ full_name: 'Edited by admin' })
        .eq('id', cast.outsider.id)
        .select('id')
      expect(data).toEqual([])
      const [row] = await behind<{ full_name: string | null }>(cast, 'profiles', { id: cast.outsider.id })
      expect(row.full_name).not.toBe('Edited by admin')
    })

    it('never lets a user make themselves an administrator', async () => {
      const { error } = await cast.member.client.from('profiles').update({ is_admin: true }).eq('id', cast.member.id)
      expect(error?.code).toBe('42501')
      const [row] = await behind<{ is_admin: boolean }>(cast, 'profiles', { id: cast.member.id })
      expect(row.is_admin).toBe(false)
    })

    it('refuses changing the copied email or the id', async () => {
      const email = await cast.member.client.from('profiles').update({ email: 'x@example.test' }).eq('id', cast.member.id)
      expect(email.error?.code).toBe('42501')
      const id = await cast.member.client.from('profiles').update({ id: crypto.randomUUID() }).eq('id', cast.member.id)
      expect(id.error?.code).toBe('42501')
    })

    it('remembers the last team only when the user belongs to it', async () => {
      const ok = await cast.member.client
        .from('profiles')
        .update({ last_team_id: cast.teamId })
        .eq('id', cast.member.id)
        .select('last_team_id')
      expect(ok.data).toEqual([{ last_team_id: cast.teamId }])

      const refused = await cast.member.client
        .from('profiles')
        .update({ last_team_id: cast.otherTeamId })
        .eq('id', cast.member.id)
      expect(refused.error?.code).toBe('42501')
      const [row] = await behind<{ last_team_id: string }>(cast, 'profiles', { id: cast.member.id })
      expect(row.last_team_id).toBe(cast.teamId)
    })

    it('refuses a visitor without a session', async () => {
      const { error } = await cast.visitor.from('profiles').update({ full_name: 'Anon' }).eq('id', cast.member.id)
      expect(error?.code).toBe('42501')
    })
  })
})
