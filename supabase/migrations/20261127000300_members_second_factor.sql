-- Anyone may turn on a second factor for themself (issue 27). Once a person has a verified
-- authenticator, a session that has not passed it (aal1: a password alone) must not reach their
-- teams' data, or a stolen password would still open everything. GoTrue issues such sessions (the
-- second step happens after sign-in), so the database checks: team membership counts only when
-- the session is aal2 or the person has no verified factor. Every team policy and team function
-- goes through private.is_team_member / private.has_team_role, so this covers them all at once
-- (Supabase's documented "enforce MFA for users who have enrolled" rule, at the one place it
-- reaches everything). Administrators always need aal2 (20261127000200).
create or replace function private.mfa_satisfied() returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce((select auth.jwt()) ->> 'aal', '') = 'aal2'
      or not exists (
        select 1 from auth.mfa_factors f
        where f.user_id = (select auth.uid()) and f.status::text = 'verified'
      );
$$;
revoke execute on function private.mfa_satisfied() from public, anon;
grant execute on function private.mfa_satisfied() to authenticated, service_role;

create or replace function private.is_team_member(p_team_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.team_members m
    where m.team_id = p_team_id and m.user_id = (select auth.uid())
  ) and private.mfa_satisfied();
$$;

create or replace function private.has_team_role(p_team_id uuid, p_roles text[]) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.team_members m
    where m.team_id = p_team_id and m.user_id = (select auth.uid()) and m.role = any (p_roles)
  ) and private.mfa_satisfied();
$$;

-- the other two membership helpers the policies use
create or replace function private.member_team_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select m.team_id from public.team_members m
  where m.user_id = (select auth.uid()) and (select private.mfa_satisfied());
$$;

create or replace function private.shares_team_with(p_user_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1
    from public.team_members mine
    join public.team_members theirs on theirs.team_id = mine.team_id
    where mine.user_id = (select auth.uid()) and theirs.user_id = p_user_id
  ) and private.mfa_satisfied();
$$;

-- leaving a team reads membership itself: a password alone must not take someone out of their team
create or replace function public.leave_team(p_team_id uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare
  v_user uuid := (select auth.uid());
begin
  if v_user is null then
    raise exception 'Sign in first' using errcode = '42501';
  end if;
  if not private.is_team_member(p_team_id) then
    raise exception 'You are not a member of this team' using errcode = 'P0001';
  end if;
  -- the last-owner trigger refuses here with its own message
  delete from public.team_members m where m.team_id = p_team_id and m.user_id = v_user;
  update public.profiles set last_team_id = null where id = v_user and last_team_id = p_team_id;
end
$$;
