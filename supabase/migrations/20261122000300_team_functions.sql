-- The API's functions (public schema, reached through /rest/v1/rpc). Each runs in one transaction,
-- as security definer with an empty search_path, and says in words what went wrong.

create or replace function public.is_admin() returns boolean
language sql stable security definer set search_path = '' as $$
  select private.is_admin();
$$;

create or replace function public.create_team(p_name text) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  v_user uuid := (select auth.uid());
  v_team uuid;
begin
  if v_user is null then
    raise exception 'Sign in to create a team' using errcode = '42501';
  end if;
  if coalesce((select auth.jwt()) ->> 'is_anonymous', 'false') = 'true'
     or exists (select 1 from auth.users u where u.id = v_user and u.is_anonymous) then
    raise exception 'Create an account to start a team' using errcode = '42501';
  end if;

  insert into public.teams (name, created_by) values (p_name, v_user) returning id into v_team;
  insert into public.team_members (team_id, user_id, role) values (v_team, v_user, 'owner');
  -- WELCOME_CREDITS in lib/constants.ts
  insert into public.credit_ledger (team_id, delta, reason, note, created_by)
  values (v_team, 3, 'welcome', 'Welcome credits', v_user);
  update public.profiles set last_team_id = v_team where id = v_user;
  return v_team;
end
$$;

create or replace function public.accept_team_invitation(p_token text) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  v_user uuid := (select auth.uid());
  v_invite public.team_invitations;
begin
  if v_user is null then
    raise exception 'Sign in to accept an invitation' using errcode = '42501';
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
  if v_invite.email is distinct from private.current_email() then
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

create or replace function public.leave_team(p_team_id uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare
  v_user uuid := (select auth.uid());
begin
  if v_user is null then
    raise exception 'Sign in first' using errcode = '42501';
  end if;
  if not exists (select 1 from public.team_members m where m.team_id = p_team_id and m.user_id = v_user) then
    raise exception 'You are not a member of this team' using errcode = 'P0001';
  end if;
  -- the last-owner trigger refuses here with its own message
  delete from public.team_members m where m.team_id = p_team_id and m.user_id = v_user;
  update public.profiles set last_team_id = null where id = v_user and last_team_id = p_team_id;
end
$$;

-- 0 for a team the caller cannot see, so the number never hints that a team exists.
create or replace function public.team_credit_balance(p_team_id uuid) returns integer
language sql stable security definer set search_path = '' as $$
  select case
    when private.is_team_member(p_team_id) or private.is_admin() or private.is_service_role()
      then private.credit_balance(p_team_id)
    else 0
  end;
$$;

create or replace function public.admin_grant_credits(p_team_id uuid, p_amount integer, p_note text default null)
returns integer
language plpgsql security definer set search_path = '' as $$
begin
  if not (private.is_admin() or private.is_service_role()) then
    raise exception 'Only administrators can grant credits' using errcode = '42501';
  end if;
  if p_amount is null or p_amount < 1 or p_amount > 10000 then
    raise exception 'Grant between 1 and 10,000 credits' using errcode = 'P0001';
  end if;
  if not exists (select 1 from public.teams t where t.id = p_team_id) then
    raise exception 'That team does not exist' using errcode = 'P0001';
  end if;
  insert into public.credit_ledger (team_id, delta, reason, note, created_by)
  values (p_team_id, p_amount, 'admin_grant', nullif(btrim(p_note), ''), (select auth.uid()));
  return private.credit_balance(p_team_id);
end
$$;

-- Admins make or unmake other admins; nobody changes their own flag (so the last admin stays one).
create or replace function public.set_user_admin(p_user_id uuid, p_is_admin boolean) returns void
language plpgsql security definer set search_path = '' as $$
begin
  if not (private.is_admin() or private.is_service_role()) then
    raise exception 'Only administrators can change who is an administrator' using errcode = '42501';
  end if;
  if p_user_id = (select auth.uid()) then
    raise exception 'You cannot change your own administrator status' using errcode = 'P0001';
  end if;
  if p_is_admin is null then
    raise exception 'Say whether the user is an administrator' using errcode = 'P0001';
  end if;
  update public.profiles set is_admin = p_is_admin where id = p_user_id;
  if not found then
    raise exception 'No such user' using errcode = 'P0001';
  end if;
end
$$;

revoke all on function
  public.is_admin(), public.create_team(text), public.accept_team_invitation(text), public.leave_team(uuid),
  public.team_credit_balance(uuid), public.admin_grant_credits(uuid, integer, text), public.set_user_admin(uuid, boolean)
  from public, anon;
grant execute on function
  public.is_admin(), public.create_team(text), public.accept_team_invitation(text), public.leave_team(uuid),
  public.team_credit_balance(uuid), public.admin_grant_credits(uuid, integer, text), public.set_user_admin(uuid, boolean)
  to authenticated, service_role;
