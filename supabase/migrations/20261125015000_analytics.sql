-- Issue 15: a person's choice to be left out of product analytics and session replay (PostHog), set
-- on their profile page (docs/observability.md). A table of its own rather than a profiles column:
-- teammates may read each other's profile rows, and this choice is nobody else's business. The app
-- reads it with the person's own session (root layout, flag evaluation); the render worker reads it
-- with the service key before it sends a render event on someone's behalf.

create table public.analytics_preferences (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  opted_out boolean not null,
  updated_at timestamptz not null default now()
);
alter table public.analytics_preferences enable row level security;
revoke all on public.analytics_preferences from anon, authenticated;
grant select, insert (user_id, opted_out), update (opted_out, updated_at) on public.analytics_preferences to authenticated;

create policy analytics_preferences_select_own on public.analytics_preferences for select to authenticated
  using ((select auth.uid()) = user_id);
-- only for oneself, and only once signed up: a trial (anonymous) session has no profile page
create policy analytics_preferences_insert_own on public.analytics_preferences for insert to authenticated
  with check ((select auth.uid()) = user_id and coalesce((select auth.jwt()) ->> 'is_anonymous', 'false') <> 'true');
create policy analytics_preferences_update_own on public.analytics_preferences for update to authenticated
  using ((select auth.uid()) = user_id)
  with check ((select auth.uid()) = user_id);

-- The profile page's switch: one statement, as the caller (security invoker: the policies above
-- decide), whether or not a row exists yet. Answers the stored choice.
create or replace function public.set_analytics_opt_out(p_opted_out boolean)
returns boolean
language sql security invoker set search_path = '' as $$
  insert into public.analytics_preferences (user_id, opted_out)
  values ((select auth.uid()), p_opted_out)
  on conflict (user_id) do update set opted_out = excluded.opted_out, updated_at = now()
  returning opted_out;
$$;
revoke all on function public.set_analytics_opt_out(boolean) from public, anon;
grant execute on function public.set_analytics_opt_out(boolean) to authenticated;
