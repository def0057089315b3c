-- Issue 14: the administrators' audit log. Every admin action (credits granted, admin rights given or
-- taken, bans, coupons, voices, feedback status, showcase reviews) is written here by the SQL function
-- that performs it, in the same transaction: an action without its record cannot happen. Read by site
-- administrators only; nobody writes to it through the API.

create table public.admin_audit_log (
  id bigint generated always as identity primary key,
  -- who acted (an administrator; null when the server's service key acted, e.g. a ban through the auth admin API)
  actor_id uuid references public.profiles (id) on delete set null,
  action text not null check (action ~ '^[a-z_]+\.[a-z_]+$' and char_length(action) <= 60),
  target_user_id uuid references public.profiles (id) on delete set null,
  target_team_id uuid references public.teams (id) on delete set null,
  -- what changed, small and structured (amounts, notes, codes); never secrets
  details jsonb not null default '{}'::jsonb check (jsonb_typeof(details) = 'object' and octet_length(details::text) <= 4000),
  created_at timestamptz not null default now()
);
alter table public.admin_audit_log enable row level security;
create index admin_audit_log_created_idx on public.admin_audit_log (created_at desc);
create index admin_audit_log_target_user_idx on public.admin_audit_log (target_user_id, created_at desc) where target_user_id is not null;
revoke all on public.admin_audit_log from anon, authenticated;
grant select on public.admin_audit_log to authenticated;
create policy admin_audit_log_select on public.admin_audit_log for select to authenticated
  using ((select private.is_admin()));

-- Called by the admin functions (security definer, after their own admin check) to record what they
-- did. In the private schema: not reachable through the API.
create or replace function private.audit(p_action text, p_target_user uuid, p_target_team uuid, p_details jsonb default '{}'::jsonb)
returns void
language sql security definer set search_path = '' as $$
  insert into public.admin_audit_log (actor_id, action, target_user_id, target_team_id, details)
  values ((select auth.uid()), p_action, p_target_user, p_target_team, coalesce(p_details, '{}'::jsonb));
$$;
revoke all on function private.audit(text, uuid, uuid, jsonb) from public, anon, authenticated;
