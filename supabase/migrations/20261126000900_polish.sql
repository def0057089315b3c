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
