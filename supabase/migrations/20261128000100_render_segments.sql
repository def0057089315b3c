-- Issue 28: the render cache. A video's timeline is cut into segments (worker/segments/plan.ts); each
-- encoded segment is kept in the private `renders` bucket under {team}/segments/{video}/{key}.mov,
-- keyed by a hash of everything that can change its pixels (worker/segments/keys.ts), and the whole
-- audio of a render under {key}.wav. A later render reuses every segment whose key is unchanged.
-- Only the render worker (service key) reads or writes these rows; members never see them (RLS on,
-- no policy), though the files sit in their team's folder like the rest of their renders.
create table public.render_segments (
  team_id uuid not null references public.teams (id) on delete cascade,
  video_id uuid not null references public.videos (id) on delete cascade,
  key text not null check (key ~ '^[0-9a-f]{64}$'),
  kind text not null check (kind in ('video', 'audio')),
  path text not null check (path = team_id::text || '/segments/' || video_id::text || '/' || key || case when kind = 'video' then '.mov' else '.wav' end),
  bytes bigint not null check (bytes >= 0),
  frames integer not null check (frames > 0),
  -- rendered ahead by an idle worker (no run asked for it yet): counts against the team's hourly budget
  speculative boolean not null default false,
  created_at timestamptz not null default now(),
  last_used_at timestamptz not null default now(),
  primary key (team_id, key)
);
create index render_segments_video_idx on public.render_segments (video_id);
create index render_segments_spec_idx on public.render_segments (team_id, created_at) where speculative;
alter table public.render_segments enable row level security;
revoke all on table public.render_segments from anon, authenticated;

-- How much of a run came from the cache, for its progress view and the run history.
alter table public.render_runs add column reused_frames integer not null default 0 check (reused_frames >= 0);

-- What a media file is now, for the segment keys: its storage object's id, ETag and last write, so a
-- file replaced under the same path (an upsert) changes every key that draws it. Service key only.
create or replace function public.media_versions(p_paths text[]) returns table (path text, version text)
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.is_service_role() then
    raise exception 'Only the render worker reads media versions' using errcode = '42501';
  end if;
  return query
  select o.name::text, o.id::text || ':' || coalesce(o.metadata ->> 'eTag', '') || ':' || coalesce(o.updated_at, o.created_at)::text
  from storage.objects o
  where o.bucket_id = 'media' and o.name = any (p_paths);
end
$$;
revoke all on function public.media_versions(text[]) from public, anon, authenticated;
grant execute on function public.media_versions(text[]) to service_role;

-- The cache's upkeep, run by the worker every hour with its storage clean-up (worker/segments/store.ts):
--  * segments unused for p_max_age go;
--  * a team over p_team_bytes loses its least recently used segments until it is under;
--  * files under {team}/segments/ with no row (their video or team was deleted: the rows went by
--    cascade) are answered too, at most 1,000 a call.
-- Answers the paths in `renders` to remove.
create or replace function public.purge_render_segments(p_max_age interval, p_team_bytes bigint) returns table (path text)
language plpgsql security definer set search_path = '' as $$
begin
  if not private.is_service_role() then
    raise exception 'Only the render worker purges the render cache' using errcode = '42501';
  end if;
  if p_max_age is null or p_max_age < interval '0' or p_team_bytes is null or p_team_bytes < 0 then
    raise exception 'A maximum age and a size are needed' using errcode = '22023';
  end if;
  return query
  with ranked as (
    select s.team_id, s.key,
      sum(s.bytes) over (partition by s.team_id order by s.last_used_at desc, s.key) as running
    from public.render_segments s
  ),
  gone as (
    delete from public.render_segments s
    using ranked r
    where r.team_id = s.team_id and r.key = s.key
      and (s.last_used_at < now() - p_max_age or r.running > p_team_bytes)
    returning s.path
  )
  select g.path from gone g;

  return query
  select o.name::text
  from storage.objects o
  where o.bucket_id = 'renders' and split_part(o.name, '/', 2) = 'segments'
    and not exists (select 1 from public.render_segments s where s.path = o.name)
    -- a file being stored now has its row written right after it: leave the last minute alone
    and o.created_at < now() - interval '1 minute'
  limit 1000;
end
$$;
revoke all on function public.purge_render_segments(interval, bigint) from public, anon, authenticated;
grant execute on function public.purge_render_segments(interval, bigint) to service_role;

-- Videos an idle worker may render ahead (worker/segments/ahead.ts): edited at least p_settle_seconds
-- ago (autosave and narration have settled) and within the last day, of a team that has a credit left
-- (it could click Render) and has rendered ahead fewer than p_team_frames frames in the last hour.
-- Newest edit first. The worker then skips those whose segments are all cached already.
create or replace function public.render_ahead_candidates(p_settle_seconds integer, p_team_frames integer, p_limit integer)
returns table (id uuid, team_id uuid, template text, format text, props jsonb, version integer, voice_id uuid)
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.is_service_role() then
    raise exception 'Only the render worker renders ahead' using errcode = '42501';
  end if;
  return query
  select v.id, v.team_id, v.template, v.format, v.props, v.version, v.voice_id
  from public.videos v
  where v.updated_at < now() - make_interval(secs => greatest(p_settle_seconds, 0))
    and v.updated_at > now() - interval '1 day'
    and private.credit_balance(v.team_id) > 0
    and coalesce((
      select sum(s.frames) from public.render_segments s
      where s.team_id = v.team_id and s.speculative and s.created_at > now() - interval '1 hour'
    ), 0) < p_team_frames
    -- not while a run of it is queued or in progress: that run fills the cache itself
    and not exists (
      select 1 from public.render_runs r
      where r.video_id = v.id and r.status in ('queued', 'rendering', 'encoding', 'uploading')
    )
  order by v.updated_at desc
  limit least(greatest(p_limit, 0), 50);
end
$$;
revoke all on function public.render_ahead_candidates(integer, integer, integer) from public, anon, authenticated;
grant execute on function public.render_ahead_candidates(integer, integer, integer) to service_role;
