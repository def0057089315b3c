-- Team invitations by email, the credit ledger, and the functions that change them atomically.

-- team_invitations ----------------------------------------------------------------------------------
create table public.team_invitations (
  id uuid primary key default gen_random_uuid(),
  team_id uuid not null references public.teams (id) on delete cascade,
  email text not null check (email = lower(email) and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  role text not null default 'member' check (role in ('admin', 'member')),
  token text not null unique default encode(extensions.gen_random_bytes(24), 'hex'),
  invited_by uuid default auth.uid() references public.profiles (id) on delete set null,
  -- INVITATION_DAYS in lib/constants.ts
  expires_at timestamptz not null default now() + interval '7 days',
  accepted_at timestamptz,
  created_at timestamptz not null default now()
);
alter table public.team_invitations enable row level security;
create unique index team_invitations_one_pending on public.team_invitations (team_id, lower(email))
  where accepted_at is null;
revoke all on public.team_invitations from anon, authenticated;
grant select, delete on public.team_invitations to authenticated;
-- token, invited_by, expiry and acceptance are the database's to set
grant insert (team_id, email, role) on public.team_invitations to authenticated;

-- Is there an open invitation to this team for the signed-in user's email?
create or replace function private.is_invited_to(p_team_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.team_invitations i
    where i.team_id = p_team_id
      and i.email = (select private.current_email())
      and i.accepted_at is null
      and i.expires_at > now()
  );
$$;
revoke all on function private.is_invited_to(uuid) from public, anon;
grant execute on function private.is_invited_to(uuid) to authenticated, service_role;

create policy team_invitations_select on public.team_invitations for select to authenticated
  using (
    private.has_team_role(team_id, array['owner', 'admin'])
    or email = (select private.current_email())
    or private.is_admin()
  );

-- owners invite admins or members; team admins invite members
create policy team_invitations_insert on public.team_invitations for insert to authenticated
  with check (
    invited_by = (select auth.uid())
    and (
      private.has_team_role(team_id, array['owner'])
      or (role = 'member' and private.has_team_role(team_id, array['admin']))
    )
  );

-- revoking (owner/admin) or declining (the invitee)
create policy team_invitations_delete on public.team_invitations for delete to authenticated
  using (
    private.has_team_role(team_id, array['owner', 'admin'])
    or (accepted_at is null and email = (select private.current_email()))
  );

-- the invitee may see the name of the team that invited them
create policy teams_select_invited on public.teams for select to authenticated
  using (private.is_invited_to(id));

create or replace function private.prepare_invitation() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  -- BEFORE triggers run ahead of the RLS check: refuse outsiders before telling them anything
  if (select auth.uid()) is not null and not private.has_team_role(new.team_id, array['owner', 'admin']) then
    raise exception 'Only team owners and admins can invite people' using errcode = '42501';
  end if;
  new.email := lower(btrim(coalesce(new.email, '')));
  if new.email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    raise exception 'Enter a valid email address' using errcode = 'P0001';
  end if;
  if exists (
    select 1 from public.team_members m join public.profiles p on p.id = m.user_id
    where m.team_id = new.team_id and p.email = new.email
  ) then
    raise exception '% is already a member of this team', new.email using errcode = 'P0001';
  end if;
  -- an expired invitation must not block a fresh one
  delete from public.team_invitations i
  where i.team_id = new.team_id and i.email = new.email and i.accepted_at is null and i.expires_at <= now();
  if exists (
    select 1 from public.team_invitations i
    where i.team_id = new.team_id and i.email = new.email and i.accepted_at is null
  ) then
    raise exception 'An invitation to % is already pending', new.email using errcode = 'P0001';
  end if;
  return new;
end
$$;

create trigger team_invitations_prepare before insert on public.team_invitations
  for each row execute function private.prepare_invitation();

-- credit_ledger -------------------------------------------------------------------------------------
create table public.credit_ledger (
  id bigint generated always as identity primary key,
  team_id uuid not null references public.teams (id) on delete cascade,
  delta integer not null check (delta <> 0),
  reason text not null check (reason in ('welcome', 'coupon', 'render', 'refund', 'admin_grant')),
  ref_id uuid,
  note text check (note is null or char_length(note) <= 500),
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now()
);
alter table public.credit_ledger enable row level security;
create index credit_ledger_team_id_idx on public.credit_ledger (team_id, created_at desc);
revoke all on public.credit_ledger from anon, authenticated;
-- read-only for users: every change goes through a SQL function
grant select on public.credit_ledger to authenticated;

create policy credit_ledger_select on public.credit_ledger for select to authenticated
  using (private.is_team_member(team_id) or private.is_admin());

create or replace function private.credit_balance(p_team_id uuid) returns integer
language sql stable security definer set search_path = '' as $$
  select coalesce(sum(l.delta), 0)::integer from public.credit_ledger l where l.team_id = p_team_id;
$$;

-- Serializes writers per team (row lock on the team) so two spends cannot both pass the check.
create or replace function private.guard_credit_balance() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_balance integer;
begin
  perform 1 from public.teams t where t.id = new.team_id for update;
  v_balance := private.credit_balance(new.team_id);
  if v_balance + new.delta < 0 then
    raise exception 'Not enough credits: the team has % and this needs %', v_balance, -new.delta
      using errcode = 'P0001';
  end if;
  return new;
end
$$;

create trigger credit_ledger_guard_balance before insert on public.credit_ledger
  for each row execute function private.guard_credit_balance();

-- Append-only: rows go away only with their team.
create or replace function private.refuse_ledger_change() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'DELETE' and not exists (select 1 from public.teams t where t.id = old.team_id) then
    return old;
  end if;
  raise exception 'The credit ledger is append-only; record a correcting entry instead' using errcode = 'P0001';
end
$$;

-- (created_by may still be nulled when its user is deleted)
create trigger credit_ledger_append_only
  before update of team_id, delta, reason, ref_id, note, created_at or delete on public.credit_ledger
  for each row execute function private.refuse_ledger_change();

revoke all on all functions in schema private from public, anon;
grant execute on function private.credit_balance(uuid) to authenticated, service_role;
