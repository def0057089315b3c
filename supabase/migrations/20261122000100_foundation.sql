-- Foundation: profiles, teams and team members, the helper functions every policy uses.
-- Habits: RLS enabled right after each table; policies `to authenticated` through helpers in the
-- `private` schema (security definer, empty search_path, fully qualified names); anon gets nothing.

create schema if not exists private;
revoke all on schema private from public;
-- Policies run with the caller's privileges, so signed-in users must reach the helpers.
grant usage on schema private to authenticated, service_role;

create or replace function private.touch_updated_at() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.updated_at := now();
  return new;
end
$$;

-- profiles --------------------------------------------------------------------------------------
create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  -- copied from auth.users so teammates can see who is who without reading the auth schema
  email text,
  full_name text check (full_name is null or char_length(full_name) <= 120),
  avatar_path text check (avatar_path is null or avatar_path like id::text || '/%'),
  is_admin boolean not null default false,
  last_team_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.profiles enable row level security;
revoke all on public.profiles from anon, authenticated;
grant select on public.profiles to authenticated;
-- is_admin, email and id are never writable through the API by the row's owner
grant update (full_name, avatar_path, last_team_id) on public.profiles to authenticated;

-- teams -----------------------------------------------------------------------------------------
create table public.teams (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint teams_name_length check (char_length(name) between 2 and 60 and name = btrim(name)),
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.teams enable row level security;
revoke all on public.teams from anon, authenticated;
-- no insert: a team is only born through public.create_team()
grant select, delete on public.teams to authenticated;
grant update (name) on public.teams to authenticated;

alter table public.profiles
  add constraint profiles_last_team_id_fkey foreign key (last_team_id) references public.teams (id) on delete set null;

-- team_members ----------------------------------------------------------------------------------
create table public.team_members (
  team_id uuid not null references public.teams (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  role text not null default 'member' check (role in ('owner', 'admin', 'member')),
  created_at timestamptz not null default now(),
  primary key (team_id, user_id)
);
alter table public.team_members enable row level security;
create index team_members_user_id_idx on public.team_members (user_id);
revoke all on public.team_members from anon, authenticated;
-- no insert: membership comes from create_team() or accept_team_invitation()
grant select, delete on public.team_members to authenticated;
grant update (role) on public.team_members to authenticated;

-- helpers used by the policies --------------------------------------------------------------------
create or replace function private.is_team_member(p_team_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.team_members m
    where m.team_id = p_team_id and m.user_id = (select auth.uid())
  );
$$;

create or replace function private.has_team_role(p_team_id uuid, p_roles text[]) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.team_members m
    where m.team_id = p_team_id and m.user_id = (select auth.uid()) and m.role = any (p_roles)
  );
$$;

create or replace function private.is_admin() returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce((select p.is_admin from public.profiles p where p.id = (select auth.uid())), false);
$$;

-- true for the server's service key (no user, bypasses RLS, may call admin functions)
create or replace function private.is_service_role() returns boolean
language sql stable set search_path = '' as $$
  select coalesce((select auth.role()), '') = 'service_role';
$$;

create or replace function private.shares_team_with(p_user_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1
    from public.team_members mine
    join public.team_members theirs on theirs.team_id = mine.team_id
    where mine.user_id = (select auth.uid()) and theirs.user_id = p_user_id
  );
$$;

-- The signed-in user's email as auth stores it now (the JWT copy can be an hour stale).
create or replace function private.current_email() returns text
language sql stable security definer set search_path = '' as $$
  select lower(coalesce(
    (select u.email from auth.users u where u.id = (select auth.uid())),
    (select auth.email())
  ));
$$;

revoke all on all functions in schema private from public, anon;
grant execute on function
  private.is_team_member(uuid), private.has_team_role(uuid, text[]), private.is_admin(),
  private.is_service_role(), private.shares_team_with(uuid), private.current_email()
  to authenticated, service_role;

-- policies: profiles --------------------------------------------------------------------------------
create policy profiles_select on public.profiles for select to authenticated
  using (id = (select auth.uid()) or private.shares_team_with(id) or private.is_admin());

create policy profiles_update_own on public.profiles for update to authenticated
  using (id = (select auth.uid()))
  with check (
    id = (select auth.uid())
    and (last_team_id is null or private.is_team_member(last_team_id))
  );

-- policies: teams -----------------------------------------------------------------------------------
create policy teams_select on public.teams for select to authenticated
  using (private.is_team_member(id) or private.is_admin());

create policy teams_update on public.teams for update to authenticated
  using (private.has_team_role(id, array['owner', 'admin']))
  with check (private.has_team_role(id, array['owner', 'admin']));

create policy teams_delete on public.teams for delete to authenticated
  using (private.has_team_role(id, array['owner']));

-- policies: team_members ----------------------------------------------------------------------------
create policy team_members_select on public.team_members for select to authenticated
  using (private.is_team_member(team_id) or private.is_admin());

-- owners change any role; team admins only move plain members (up to admin, never to owner)
create policy team_members_update on public.team_members for update to authenticated
  using (
    private.has_team_role(team_id, array['owner'])
    or (role = 'member' and private.has_team_role(team_id, array['admin']))
  )
  with check (
    private.has_team_role(team_id, array['owner'])
    or (role in ('member', 'admin') and private.has_team_role(team_id, array['admin']))
  );

-- leaving is deleting your own row; the last-owner trigger below guards both paths
create policy team_members_delete on public.team_members for delete to authenticated
  using (
    user_id = (select auth.uid())
    or private.has_team_role(team_id, array['owner'])
    or (role = 'member' and private.has_team_role(team_id, array['admin']))
  );

-- triggers ------------------------------------------------------------------------------------------
create or replace function private.handle_new_user() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.profiles (id, email, full_name)
  values (new.id, lower(new.email), nullif(btrim(new.raw_user_meta_data ->> 'full_name'), ''));
  return new;
end
$$;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.handle_new_user();

-- an anonymous user who signs up later, or anyone who changes their email
create or replace function private.handle_user_email_change() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.profiles set email = lower(new.email) where id = new.id;
  return new;
end
$$;

create trigger on_auth_user_email_changed
  after update of email on auth.users
  for each row when (old.email is distinct from new.email)
  execute function private.handle_user_email_change();

create trigger profiles_touch_updated_at before update on public.profiles
  for each row execute function private.touch_updated_at();

-- Trims the name and says what is wrong in words the UI can show (the check is the backstop).
create or replace function private.normalize_team_name() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.name := btrim(coalesce(new.name, ''));
  if char_length(new.name) < 2 or char_length(new.name) > 60 then
    raise exception 'Team name must be between 2 and 60 characters' using errcode = 'P0001';
  end if;
  if tg_op = 'UPDATE' then
    new.updated_at := now();
  end if;
  return new;
end
$$;

create trigger teams_normalize_name before insert or update on public.teams
  for each row execute function private.normalize_team_name();

-- A team always keeps an owner: refuse removing or demoting the last one. Deleting the whole team
-- (or the user's account) cascades here after the parent row is gone, and is allowed.
create or replace function private.protect_last_owner() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if old.role <> 'owner' or (tg_op = 'UPDATE' and new.role = 'owner') then
    return coalesce(new, old);
  end if;
  if not exists (select 1 from public.teams t where t.id = old.team_id)
     or not exists (select 1 from public.profiles p where p.id = old.user_id) then
    return coalesce(new, old);
  end if;
  if not exists (
    select 1 from public.team_members m
    where m.team_id = old.team_id and m.role = 'owner' and m.user_id <> old.user_id
  ) then
    raise exception 'A team needs at least one owner. Make someone else an owner first, or delete the team.'
      using errcode = 'P0001';
  end if;
  return coalesce(new, old);
end
$$;

create trigger team_members_protect_last_owner
  before update of role or delete on public.team_members
  for each row execute function private.protect_last_owner();

revoke all on all functions in schema private from public, anon;
