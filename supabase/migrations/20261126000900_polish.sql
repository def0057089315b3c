-- Issue 26, item 13: the app can tell when no render worker is taking renders.
-- A worker asks for work about once a second (claim_render_run, also when the queue is empty), and a
-- worker with a run in hand writes that run's heartbeat_at every 5 s. claim_render_run now also records
-- the worker as seen (at most one write per worker per 5 s), and render_worker_seconds_since_seen() answers
-- how long ago the latest of the two was (in the database's clock, so a browser's clock cannot skew it): the video page and the trial progress page say "no render worker has been seen for N s"
-- while a run waits and that time is old (components/videos/worker-notice.tsx, docs/renders.md).

create table private.render_workers (
  worker_id text primary key check (length(worker_id) between 1 and 200),
  seen_at timestamptz not null default now()
);
alter table private.render_workers enable row level security;
revoke all on private.render_workers from public, anon, authenticated;

-- As before (20261125001000_render_runs.sql), plus the worker's "seen" row.
create or replace function public.claim_render_run(p_worker_id text) returns setof public.render_runs
language plpgsql security definer set search_path = '' as $$
begin
  if not private.is_service_role() then
    raise exception 'Only the render worker may claim runs' using errcode = '42501';
  end if;
  insert into private.render_workers as w (worker_id, seen_at)
  values (left(coalesce(nullif(p_worker_id, ''), 'worker'), 200), now())
  on conflict (worker_id) do update set seen_at = excluded.seen_at
  where w.seen_at < now() - interval '5 seconds';
  -- workers that stopped a day ago are forgotten (each start has its own id: host and process)
  delete from private.render_workers w where w.seen_at < now() - interval '1 day';
  return query
  update public.render_runs r
  set status = 'rendering', stage = 'Starting', attempt = r.attempt + 1, worker_id = p_worker_id,
      heartbeat_at = now(), started_at = coalesce(r.started_at, now()), error_message = null
  where r.id = (
    select q.id from public.render_runs q
    where q.status = 'queued' and q.renderer = 'local'
    order by q.created_at
    limit 1
    for update skip locked
  )
  returning r.*;
end
$$;

-- Seconds since a local render worker was last seen: asking for work, or working on a run. Null: never
-- (or not for a day). Anyone signed in (trial visitors too) may ask; it answers one number, nothing else.
create or replace function public.render_worker_seconds_since_seen() returns integer
language plpgsql stable security definer set search_path = '' as $$
begin
  if (select auth.uid()) is null and not private.is_service_role() then
    raise exception 'Sign in first' using errcode = '42501';
  end if;
  return floor(extract(epoch from now() - greatest(
    (select max(w.seen_at) from private.render_workers w),
    (select max(r.heartbeat_at) from public.render_runs r
      where r.renderer = 'local' and r.status in ('rendering', 'encoding', 'uploading'))
  )))::integer;
end
$$;

revoke all on function public.render_worker_seconds_since_seen() from public, anon;
grant execute on function public.render_worker_seconds_since_seen() to authenticated, service_role;

-- Issue 26, item 10: /admin/users lists people with accounts by default; trial visitors (23 of 31 rows
-- in a day's test) only when asked. admin_list_users as in 20261125014000_admin_users.sql, plus the
-- filter 'accounts' (not anonymous). Same caller check (site admins only), same closed lists.
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
    when 'accounts' then 'not u.is_anonymous'
    else null end;
  if v_where is null then
    raise exception 'Filter by all, accounts, admins, banned or anonymous.' using errcode = 'P0001';
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
  if p_filter in ('banned', 'anonymous', 'accounts') or p_sort = 'last_sign_in' then
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

