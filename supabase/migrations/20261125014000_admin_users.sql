-- Issue 14: the administrators' overview and user tools. Reads that need auth.users (banned, trial,
-- last sign-in, providers) go through admin-checked security-definer functions, never the service key
-- in a page; every change is one function that records itself in admin_audit_log (private.audit) in
-- its own transaction. docs/admin.md ("Users and overview").

-- indexes for the user list (search, sorts) and the per-person counts --------------------------------
create index profiles_created_idx on public.profiles (created_at desc, id desc);
create index profiles_email_idx on public.profiles (email, id);
create index profiles_name_idx on public.profiles (lower(full_name), id);
create index profiles_admins_idx on public.profiles (created_at desc) where is_admin;
create index profiles_search_trgm_idx on public.profiles
  using gin ((lower(coalesce(email, '') || ' ' || coalesce(full_name, ''))) extensions.gin_trgm_ops);
create index listings_created_by_idx on public.listings (created_by) where created_by is not null;
create index videos_created_by_idx on public.videos (created_by) where created_by is not null;
create index render_runs_requested_by_idx on public.render_runs (requested_by, created_at desc);
create index render_runs_created_idx on public.render_runs (created_at desc);

-- `%`, `_` and `\` typed into a search box are letters, not wildcards.
create or replace function private.like_escape(p_text text) returns text
language sql immutable set search_path = '' as $$
  select replace(replace(replace(p_text, '\', '\\'), '%', '\%'), '_', '\_');
$$;

-- The list: search (email or name, any case, trimmed), one filter, one sort, a page. Sorts and filters
-- come from closed lists and become fixed SQL fragments; the search is a bound parameter. The page is
-- cut from profiles alone where it can be (its indexes), then joined with auth.users for its facts.
create or replace function public.admin_list_users(
  p_search text default '',
  p_filter text default 'all',
  p_sort text default 'newest',
  p_page integer default 1,
  p_per_page integer default 50
) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_search text := btrim(coalesce(p_search, ''));
  v_where text := 'true';
  v_join text := '';
  v_order text;
  v_total bigint;
  v_rows jsonb;
begin
  if not private.is_admin() then
    raise exception 'Only site administrators can list users.' using errcode = '42501';
  end if;
  if char_length(v_search) > 100 then
    raise exception 'Search for at most 100 characters.' using errcode = 'P0001';
  end if;
  if p_page is null or p_page < 1 or p_page > 100000 then
    raise exception 'Ask for a page from 1.' using errcode = 'P0001';
  end if;
  if p_per_page is null or p_per_page < 1 or p_per_page > 100 then
    raise exception 'Ask for 1 to 100 users a page.' using errcode = 'P0001';
  end if;

  v_where := case coalesce(p_filter, 'all')
    when 'all' then 'true'
    when 'admins' then 'p.is_admin'
    when 'banned' then 'u.banned_until > now()'
    when 'anonymous' then 'u.is_anonymous'
    else null end;
  if v_where is null then
    raise exception 'Filter by all, admins, banned or anonymous.' using errcode = 'P0001';
  end if;
  v_order := case coalesce(p_sort, 'newest')
    when 'newest' then 'p.created_at desc, p.id desc'
    when 'oldest' then 'p.created_at asc, p.id asc'
    when 'name' then 'lower(p.full_name) asc nulls last, p.id asc'
    when 'email' then 'p.email asc nulls last, p.id asc'
    when 'last_sign_in' then 'u.last_sign_in_at desc nulls last, p.id asc'
    else null end;
  if v_order is null then
    raise exception 'Sort by newest, oldest, name, email or last_sign_in.' using errcode = 'P0001';
  end if;
  if p_filter in ('banned', 'anonymous') or p_sort = 'last_sign_in' then
    v_join := 'join auth.users u on u.id = p.id';
  end if;
  if v_search <> '' then
    v_where := v_where || $w$ and lower(coalesce(p.email, '') || ' ' || coalesce(p.full_name, '')) like $1 $w$;
  end if;

  execute format('select count(*) from public.profiles p %s where %s', v_join, v_where)
    into v_total using '%' || lower(private.like_escape(v_search)) || '%';

  execute format($q$
    select coalesce(jsonb_agg(jsonb_build_object(
      'id', p.id, 'email', p.email, 'full_name', p.full_name, 'avatar_path', p.avatar_path,
      'is_admin', p.is_admin, 'created_at', p.created_at,
      'last_sign_in_at', a.last_sign_in_at, 'banned_until', a.banned_until,
      'is_anonymous', a.is_anonymous, 'email_confirmed_at', a.email_confirmed_at
    ) order by page.n), '[]'::jsonb)
    from (
      select p.id, row_number() over (order by %2$s) as n
      from public.profiles p %1$s
      where %3$s
      order by %2$s
      limit $2 offset $3
    ) page
    join public.profiles p on p.id = page.id
    join auth.users a on a.id = page.id
  $q$, v_join, v_order, v_where)
    into v_rows
    using '%' || lower(private.like_escape(v_search)) || '%', p_per_page, (p_page - 1) * p_per_page;

  return jsonb_build_object('total', v_total, 'rows', v_rows);
end
$$;

-- The overview's numbers in one round trip. Days are UTC; "week" is the last 7 days; the failure rate
-- counts runs that finished (succeeded or failed) among those queued in the last 7 days.
create or replace function public.admin_overview() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_out jsonb;
  v_feedback bigint;
begin
  if not private.is_admin() then
    raise exception 'Only site administrators can read the overview.' using errcode = '42501';
  end if;
  select jsonb_build_object(
    'users', (select count(*) from auth.users u where not u.is_anonymous),
    'trial_users', (select count(*) from auth.users u where u.is_anonymous),
    'new_users_7d', (select count(*) from auth.users u where not u.is_anonymous and u.created_at > now() - interval '7 days'),
    'admins', (select count(*) from public.profiles p where p.is_admin),
    'banned', (select count(*) from auth.users u where u.banned_until > now()),
    'teams', (select count(*) from public.teams),
    'listings', (select count(*) from public.listings),
    'videos', (select count(*) from public.videos),
    'renders_today', (select count(*) from public.render_runs r where r.created_at >= date_trunc('day', now() at time zone 'utc') at time zone 'utc'),
    'renders_7d', (select count(*) from public.render_runs r where r.created_at > now() - interval '7 days'),
    'succeeded_7d', (select count(*) from public.render_runs r where r.created_at > now() - interval '7 days' and r.status = 'succeeded'),
    'failed_7d', (select count(*) from public.render_runs r where r.created_at > now() - interval '7 days' and r.status = 'failed'),
    'active_renders', (select count(*) from public.render_runs r where r.status in ('queued', 'rendering', 'encoding', 'uploading')),
    'recent_signups', (
      select coalesce(jsonb_agg(jsonb_build_object('id', s.id, 'email', s.email, 'full_name', s.full_name, 'created_at', s.created_at) order by s.created_at desc, s.id desc), '[]'::jsonb)
      from (
        select p.id, p.email, p.full_name, p.created_at
        from public.profiles p join auth.users u on u.id = p.id
        where not u.is_anonymous
        order by p.created_at desc, p.id desc
        limit 6
      ) s
    )
  ) into v_out;
  -- feedback arrives in its own migration; read it only when the table is there
  if to_regclass('public.feedback') is not null then
    execute $f$select count(*) from public.feedback where status = 'new'$f$ into v_feedback;
  end if;
  return v_out || jsonb_build_object('feedback_new', v_feedback);
end
$$;

-- One person as the admin user page shows them: profile, auth facts, teams with role and balance,
-- what they made. Null for an unknown id (the page answers not-found).
create or replace function public.admin_user_detail(p_user_id uuid) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_out jsonb;
begin
  if not private.is_admin() then
    raise exception 'Only site administrators can read user details.' using errcode = '42501';
  end if;
  select jsonb_build_object(
    'id', p.id, 'email', p.email, 'full_name', p.full_name, 'avatar_path', p.avatar_path,
    'is_admin', p.is_admin, 'created_at', p.created_at,
    'last_sign_in_at', u.last_sign_in_at, 'email_confirmed_at', u.email_confirmed_at,
    'banned_until', u.banned_until, 'is_anonymous', u.is_anonymous,
    'providers', coalesce((select jsonb_agg(distinct i.provider) from auth.identities i where i.user_id = p.id), '[]'::jsonb),
    'teams', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', t.id, 'name', t.name, 'role', m.role, 'joined_at', m.created_at,
        'balance', private.credit_balance(t.id)
      ) order by m.created_at, t.name)
      from public.team_members m join public.teams t on t.id = m.team_id
      where m.user_id = p.id
    ), '[]'::jsonb),
    'listings_created', (select count(*) from public.listings l where l.created_by = p.id),
    'videos_created', (select count(*) from public.videos v where v.created_by = p.id),
    'runs_requested', (select count(*) from public.render_runs r where r.requested_by = p.id)
  ) into v_out
  from public.profiles p join auth.users u on u.id = p.id
  where p.id = p_user_id;
  return v_out;
end
$$;

-- Credits for one team: 1–10,000, with a note (required: the ledger and the log say why), optionally
-- on behalf of the person whose page it was granted from (who must belong to the team). Replaces the
-- issue-9 version, which took no person and kept no record.
drop function public.admin_grant_credits(uuid, integer, text);
create or replace function public.admin_grant_credits(
  p_team_id uuid, p_amount integer, p_note text default null, p_user_id uuid default null
) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  v_note text := nullif(btrim(coalesce(p_note, '')), '');
  v_balance integer;
begin
  if not (private.is_admin() or private.is_service_role()) then
    raise exception 'Only administrators can grant credits' using errcode = '42501';
  end if;
  if p_amount is null or p_amount < 1 or p_amount > 10000 then -- ADMIN_GRANT in lib/constants.ts
    raise exception 'Grant between 1 and 10,000 credits' using errcode = 'P0001';
  end if;
  if not exists (select 1 from public.teams t where t.id = p_team_id) then
    raise exception 'That team does not exist' using errcode = 'P0001';
  end if;
  if v_note is null then
    raise exception 'Write a note saying why these credits are granted' using errcode = 'P0001';
  end if;
  if char_length(v_note) > 500 then
    raise exception 'Keep the note to 500 characters' using errcode = 'P0001';
  end if;
  if p_user_id is not null and not exists (
    select 1 from public.team_members m where m.team_id = p_team_id and m.user_id = p_user_id
  ) then
    raise exception 'That person is not a member of this team' using errcode = 'P0001';
  end if;
  insert into public.credit_ledger (team_id, delta, reason, note, created_by)
  values (p_team_id, p_amount, 'admin_grant', v_note, (select auth.uid()));
  v_balance := private.credit_balance(p_team_id);
  perform private.audit('credits.grant', p_user_id, p_team_id,
    jsonb_build_object('amount', p_amount, 'note', v_note, 'balance', v_balance));
  return v_balance;
end
$$;

-- Make or remove an administrator. Never your own flag, never the last administrator: every admin
-- row is locked first, so two administrators removing each other at once cannot both succeed (the
-- second sees it is no longer one). Setting what is already set changes and records nothing.
create or replace function public.set_user_admin(p_user_id uuid, p_is_admin boolean) returns void
language plpgsql security definer set search_path = '' as $$
declare
  v_current boolean;
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
  perform 1 from public.profiles p where p.is_admin or p.id = p_user_id order by p.id for update;
  -- read again under the lock: another administrator may have just removed the caller
  if not (private.is_admin() or private.is_service_role()) then
    raise exception 'You are no longer an administrator' using errcode = '42501';
  end if;
  select p.is_admin into v_current from public.profiles p where p.id = p_user_id;
  if not found then
    raise exception 'No such user' using errcode = 'P0001';
  end if;
  if v_current = p_is_admin then
    return;
  end if;
  if not p_is_admin and not exists (select 1 from public.profiles p where p.is_admin and p.id <> p_user_id) then
    raise exception 'At least one administrator must remain: make someone else an administrator first' using errcode = 'P0001';
  end if;
  if p_is_admin and exists (select 1 from auth.users u where u.id = p_user_id and u.is_anonymous) then
    raise exception 'A trial (anonymous) account cannot be an administrator' using errcode = 'P0001';
  end if;
  update public.profiles set is_admin = p_is_admin where id = p_user_id;
  perform private.audit(case when p_is_admin then 'user.make_admin' else 'user.remove_admin' end, p_user_id, null, '{}'::jsonb);
end
$$;

-- The database half of a ban (the app then sets banned_until through the auth admin API with the same
-- duration): who may be banned is decided here, the decision is recorded, and the person's sessions
-- end, so lifting the ban later does not revive them (GoTrue's ban keeps sessions; docs/admin.md).
-- p_hours null lifts the ban. Never yourself; never an administrator (remove their rights first).
create or replace function public.admin_set_user_ban(p_user_id uuid, p_hours integer default null) returns timestamptz
language plpgsql security definer set search_path = '' as $$
declare
  v_user auth.users;
  v_until timestamptz;
begin
  if not (private.is_admin() or private.is_service_role()) then
    raise exception 'Only administrators can ban users' using errcode = '42501';
  end if;
  if p_user_id = (select auth.uid()) then
    raise exception 'You cannot ban or unban yourself' using errcode = 'P0001';
  end if;
  if p_hours is not null and (p_hours < 1 or p_hours > 876000) then -- BAN_DURATIONS in lib/constants.ts (876000 h: "until lifted")
    raise exception 'Ban for 1 hour to 100 years' using errcode = 'P0001';
  end if;
  select * into v_user from auth.users u where u.id = p_user_id for update;
  if not found then
    raise exception 'No such user' using errcode = 'P0001';
  end if;
  if p_hours is not null and exists (select 1 from public.profiles p where p.id = p_user_id and p.is_admin) then
    raise exception 'Administrators cannot be banned: remove their administrator rights first' using errcode = 'P0001';
  end if;
  if p_hours is null then
    if v_user.banned_until is null or v_user.banned_until <= now() then
      raise exception 'This person is not banned' using errcode = 'P0001';
    end if;
    perform private.audit('user.unban', p_user_id, null, jsonb_build_object('was_banned_until', v_user.banned_until));
    return null;
  end if;
  v_until := now() + make_interval(hours => p_hours);
  delete from auth.sessions s where s.user_id = p_user_id;
  perform private.audit('user.ban', p_user_id, null, jsonb_build_object('hours', p_hours, 'banned_until', v_until));
  return v_until;
end
$$;

revoke all on function private.like_escape(text) from public, anon, authenticated;
revoke all on function
  public.admin_list_users(text, text, text, integer, integer), public.admin_overview(), public.admin_user_detail(uuid),
  public.admin_grant_credits(uuid, integer, text, uuid), public.set_user_admin(uuid, boolean), public.admin_set_user_ban(uuid, integer)
  from public, anon;
grant execute on function
  public.admin_list_users(text, text, text, integer, integer), public.admin_overview(), public.admin_user_detail(uuid),
  public.admin_grant_credits(uuid, integer, text, uuid), public.set_user_admin(uuid, boolean), public.admin_set_user_ban(uuid, integer)
  to authenticated, service_role;
