-- Joining a team needs proof of the address the invitation went to (issue 11, docs/security.md).
--
-- Before: the invitee's RLS view of their invitations (and so the token) and accept_team_invitation
-- compared the invitation's address with private.current_email(), the address the account claims.
-- With confirmations off, or an anonymous user's unconfirmed email change, that proves nothing.
-- Now an invitee sees an invitation only once their address is confirmed (a link sent to it was
-- followed), and accepting always needs the token, which only ever travels in the email.

-- The signed-in user's address, only when it is proven: confirmed, and not an anonymous account.
create or replace function private.confirmed_email() returns text
language sql stable security definer set search_path = '' as $$
  select lower(u.email)
  from auth.users u
  where u.id = (select auth.uid())
    and u.email is not null
    and u.email_confirmed_at is not null
    and not coalesce(u.is_anonymous, false);
$$;
revoke all on function private.confirmed_email() from public, anon;
grant execute on function private.confirmed_email() to authenticated, service_role;

create or replace function private.is_invited_to(p_team_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.team_invitations i
    where i.team_id = p_team_id
      and i.email = (select private.confirmed_email())
      and i.accepted_at is null
      and i.expires_at > now()
  );
$$;

drop policy team_invitations_select on public.team_invitations;
create policy team_invitations_select on public.team_invitations for select to authenticated
  using (
    private.has_team_role(team_id, array['owner', 'admin'])
    or email = (select private.confirmed_email())
    or private.is_admin()
  );

drop policy team_invitations_delete on public.team_invitations;
create policy team_invitations_delete on public.team_invitations for delete to authenticated
  using (
    private.has_team_role(team_id, array['owner', 'admin'])
    or (accepted_at is null and email = (select private.confirmed_email()))
  );

-- The token is the proof (it is only ever sent to the invited address); the account must also be a
-- real one whose address is the invited one, so a forwarded link cannot seat someone else.
create or replace function public.accept_team_invitation(p_token text) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  v_user uuid := (select auth.uid());
  v_invite public.team_invitations;
  v_email text;
  v_anonymous boolean;
begin
  if v_user is null then
    raise exception 'Sign in to accept an invitation' using errcode = '42501';
  end if;
  select lower(u.email), coalesce(u.is_anonymous, false) into v_email, v_anonymous
  from auth.users u where u.id = v_user;
  if v_anonymous or v_email is null then
    raise exception 'Create an account with the invited email address to accept' using errcode = '42501';
  end if;
  if p_token is null or p_token !~ '^[0-9a-f]{48}$' then
    raise exception 'This invitation does not exist or was withdrawn' using errcode = 'P0001';
  end if;
  select * into v_invite from public.team_invitations i where i.token = p_token for update;
  if not found then
    raise exception 'This invitation does not exist or was withdrawn' using errcode = 'P0001';
  end if;
  if v_invite.accepted_at is not null then
    raise exception 'This invitation has already been used' using errcode = 'P0001';
  end if;
  if v_invite.expires_at <= now() then
    raise exception 'This invitation has expired; ask for a new one' using errcode = 'P0001';
  end if;
  if v_invite.email is distinct from v_email then
    raise exception 'This invitation was sent to a different email address' using errcode = 'P0001';
  end if;

  insert into public.team_members (team_id, user_id, role)
  values (v_invite.team_id, v_user, v_invite.role)
  on conflict (team_id, user_id) do nothing;
  update public.team_invitations set accepted_at = now() where id = v_invite.id;
  update public.profiles set last_team_id = v_invite.team_id where id = v_user;
  return v_invite.team_id;
end
$$;
revoke all on function public.accept_team_invitation(text) from public, anon;
grant execute on function public.accept_team_invitation(text) to authenticated, service_role;
