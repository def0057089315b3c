-- Renders (issue 12): a run is a row; queuing takes the credit in the same transaction; whoever
-- renders updates the row and everyone watching gets the change over realtime. docs/renders.md.

create table public.render_runs (
  id uuid primary key default gen_random_uuid(),
  video_id uuid references public.videos (id) on delete cascade,
  -- null for trial renders (the try flow's issue adds trial_project_id)
  team_id uuid references public.teams (id) on delete cascade,
  requested_by uuid references public.profiles (id) on delete set null,
  renderer text not null default 'local' check (renderer in ('local', 'lambda')),
  -- the seed's section 5 list; GIF at most 50 fps (RENDER_CODECS, GIF_MAX_FPS in remotion/render-settings.ts)
  codec text not null default 'h264'
    check (codec in ('h264', 'h265', 'vp8', 'vp9', 'mp3', 'aac', 'wav', 'prores', 'h264-mkv', 'h264-ts', 'gif')),
  status text not null default 'queued'
    check (status in ('queued', 'rendering', 'encoding', 'uploading', 'succeeded', 'failed', 'canceled')),
  -- a few words for people ("Rendering frames", "Uploading"), set by the renderer
  stage text check (char_length(stage) <= 80),
  progress real not null default 0 check (progress >= 0 and progress <= 1),
  rendered_frames integer not null default 0 check (rendered_frames >= 0),
  encoded_frames integer not null default 0 check (encoded_frames >= 0),
  -- what was rendered: a snapshot, so later edits never change a run
  template text not null check (template in ('classic-tour', 'social-reel', 'luxury-estate')),
  format text not null check (format in ('landscape', 'portrait', 'square')),
  width integer not null check (width > 0),
  height integer not null check (height > 0),
  fps integer not null check (fps > 0),
  total_frames integer not null check (total_frames > 0),
  props jsonb not null check (private.video_props_ok(props)),
  video_version integer,
  attempt integer not null default 0 check (attempt >= 0),
  worker_id text check (char_length(worker_id) <= 120),
  heartbeat_at timestamptz,
  error_message text check (char_length(error_message) <= 1000),
  output_path text,
  output_bytes bigint check (output_bytes >= 0),
  poster_path text,
  duration_s real check (duration_s >= 0),
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  updated_at timestamptz not null default now(),
  constraint render_runs_gif_fps check (codec <> 'gif' or fps <= 50),
  constraint render_runs_output_path_safe check (team_id is null or private.storage_path_ok(output_path, team_id::text)),
  constraint render_runs_poster_path_safe check (team_id is null or private.storage_path_ok(poster_path, team_id::text)),
  constraint render_runs_media_refs check (team_id is null or private.video_media_refs_ok(props, team_id))
);
alter table public.render_runs enable row level security;
create index render_runs_video_idx on public.render_runs (video_id, created_at desc);
create index render_runs_team_idx on public.render_runs (team_id, created_at desc);
create index render_runs_queue_idx on public.render_runs (created_at) where status = 'queued';
-- one run at a time per video: a double click cannot queue (and pay for) two
create unique index render_runs_one_active on public.render_runs (video_id)
  where status in ('queued', 'rendering', 'encoding', 'uploading');
revoke all on public.render_runs from anon, authenticated;
-- read-only for people; every change goes through the functions below or the worker (service key)
grant select on public.render_runs to authenticated;

create policy render_runs_select on public.render_runs for select to authenticated
  using (team_id in (select private.member_team_ids()) or (select private.is_admin()));

create trigger render_runs_touch_updated_at before update on public.render_runs
  for each row execute function private.touch_updated_at();

alter publication supabase_realtime add table public.render_runs;

-- a run is charged once and refunded at most once
create unique index credit_ledger_one_refund_per_run on public.credit_ledger (ref_id) where reason = 'refund';
create unique index credit_ledger_one_charge_per_run on public.credit_ledger (ref_id) where reason = 'render';

-- Gives the run's credit back, once (failed or canceled runs). Internal: callers check access.
create or replace function private.refund_render(p_run public.render_runs) returns void
language plpgsql security definer set search_path = '' as $$
begin
  if p_run.team_id is null then
    return;
  end if;
  if exists (select 1 from public.credit_ledger l where l.ref_id = p_run.id and l.reason = 'render') then
    insert into public.credit_ledger (team_id, delta, reason, ref_id, note, created_by)
    values (p_run.team_id, 1, 'refund', p_run.id, 'Render ' || p_run.status, p_run.requested_by)
    on conflict do nothing;
  end if;
end
$$;
revoke all on function private.refund_render(public.render_runs) from public, anon, authenticated;

-- Queue: checks the caller may render this video (a member of its team, not anonymous), that the
-- video is still the version the app validated with the template's schema (`p_expected_version`),
-- the codec rules and the team's credit; takes the credit, snapshots props and settings, inserts
-- the run `queued`. All or nothing: twenty concurrent calls cannot take more credits than runs.
create or replace function public.queue_render(
  p_video_id uuid,
  p_expected_version integer,
  p_codec text,
  p_total_frames integer
) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  v_user uuid := (select auth.uid());
  v_video public.videos;
  v_run uuid := gen_random_uuid();
  v_width integer;
  v_height integer;
begin
  if v_user is null or coalesce((select auth.jwt()) ->> 'is_anonymous', 'false') = 'true' then
    raise exception 'Sign in to render a video' using errcode = '42501';
  end if;
  select * into v_video from public.videos v where v.id = p_video_id for update;
  if not found or not private.is_team_member(v_video.team_id) then
    raise exception 'That video no longer exists, or it belongs to another team.' using errcode = 'P0001';
  end if;
  if v_video.version is distinct from p_expected_version then
    raise exception 'The video changed while the render was being requested. Try again.' using errcode = 'P0001';
  end if;
  if p_codec is null or p_codec not in ('h264', 'h265', 'vp8', 'vp9', 'mp3', 'aac', 'wav', 'prores', 'h264-mkv', 'h264-ts', 'gif') then
    raise exception 'Choose one of the offered formats.' using errcode = 'P0001';
  end if;
  if p_codec = 'gif' and v_video.fps > 50 then
    raise exception 'GIF output may not exceed 50 fps.' using errcode = 'P0001';
  end if;
  if p_total_frames is null or p_total_frames < 1 or p_total_frames > v_video.fps * 600 then
    raise exception 'The video''s length could not be worked out. Reload the page and try again.' using errcode = 'P0001';
  end if;
  if exists (
    select 1 from public.render_runs r
    where r.video_id = p_video_id and r.status in ('queued', 'rendering', 'encoding', 'uploading')
  ) then
    raise exception 'This video is already rendering.' using errcode = 'P0001';
  end if;
  select case v_video.format when 'landscape' then 1920 else 1080 end,
         case v_video.format when 'portrait' then 1920 else 1080 end
    into v_width, v_height;

  insert into public.render_runs (
    id, video_id, team_id, requested_by, codec, template, format, width, height, fps, total_frames,
    props, video_version
  ) values (
    v_run, v_video.id, v_video.team_id, v_user, p_codec, v_video.template, v_video.format, v_width, v_height,
    v_video.fps, p_total_frames, v_video.props, v_video.version
  );
  -- the ledger's guard locks the team and refuses a negative balance with its own message
  insert into public.credit_ledger (team_id, delta, reason, ref_id, note, created_by)
  values (v_video.team_id, -1, 'render', v_run, 'Render of ' || v_video.title, v_user);
  update public.videos set status = 'rendering' where id = v_video.id;
  return v_run;
end
$$;

-- Cancel a queued or running run: it stops being worked on and its credit comes back, once.
create or replace function public.cancel_render(p_run_id uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare
  v_run public.render_runs;
begin
  if (select auth.uid()) is null then
    raise exception 'Sign in first' using errcode = '42501';
  end if;
  select * into v_run from public.render_runs r where r.id = p_run_id for update;
  if not found or v_run.team_id is null or not private.is_team_member(v_run.team_id) then
    raise exception 'That render no longer exists.' using errcode = 'P0001';
  end if;
  if v_run.status not in ('queued', 'rendering', 'encoding', 'uploading') then
    raise exception 'That render has already finished.' using errcode = 'P0001';
  end if;
  update public.render_runs set status = 'canceled', stage = 'Canceled', finished_at = now()
  where id = p_run_id returning * into v_run;
  perform private.refund_render(v_run);
  update public.videos v set status = case when v.output_path is null then 'draft' else 'ready' end
  where v.id = v_run.video_id;
end
$$;

revoke all on function public.queue_render(uuid, integer, text, integer), public.cancel_render(uuid) from public, anon;
grant execute on function public.queue_render(uuid, integer, text, integer), public.cancel_render(uuid)
  to authenticated, service_role;

-- The worker's side (service key only; each checks the caller itself) --------------------------------

-- Claims the oldest queued run for one worker, skipping runs another worker holds.
create or replace function public.claim_render_run(p_worker_id text) returns setof public.render_runs
language plpgsql security definer set search_path = '' as $$
begin
  if not private.is_service_role() then
    raise exception 'Only the render worker may claim runs' using errcode = '42501';
  end if;
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

-- Ends a run as failed with a message for people, and refunds its credit once.
create or replace function public.fail_render_run(p_run_id uuid, p_message text) returns void
language plpgsql security definer set search_path = '' as $$
declare
  v_run public.render_runs;
begin
  if not private.is_service_role() then
    raise exception 'Only the render worker may fail runs' using errcode = '42501';
  end if;
  update public.render_runs r
  set status = 'failed', stage = 'Failed', error_message = left(coalesce(p_message, 'The render failed.'), 1000), finished_at = now()
  where r.id = p_run_id and r.status in ('queued', 'rendering', 'encoding', 'uploading')
  returning * into v_run;
  if not found then
    return;
  end if;
  perform private.refund_render(v_run);
  update public.videos v set status = case when v.output_path is null then 'failed' else 'ready' end
  where v.id = v_run.video_id;
end
$$;

-- Marks a run succeeded with its output, and the video ready with it as its latest output.
create or replace function public.complete_render_run(
  p_run_id uuid, p_output_path text, p_output_bytes bigint, p_poster_path text, p_duration_s real
) returns void
language plpgsql security definer set search_path = '' as $$
declare
  v_run public.render_runs;
begin
  if not private.is_service_role() then
    raise exception 'Only the render worker may complete runs' using errcode = '42501';
  end if;
  update public.render_runs r
  set status = 'succeeded', stage = 'Done', progress = 1, rendered_frames = r.total_frames,
      encoded_frames = r.total_frames, output_path = p_output_path, output_bytes = p_output_bytes,
      poster_path = p_poster_path, duration_s = p_duration_s, finished_at = now(), heartbeat_at = now()
  where r.id = p_run_id and r.status in ('rendering', 'encoding', 'uploading')
  returning * into v_run;
  if not found then
    raise exception 'That run is no longer in progress (canceled?)' using errcode = 'P0001';
  end if;
  update public.videos v
  set status = 'ready', output_path = p_output_path, output_bytes = p_output_bytes, output_codec = v_run.codec,
      thumbnail_path = coalesce(p_poster_path, v.thumbnail_path)
  where v.id = v_run.video_id;
end
$$;

-- Runs a dead worker left (no heartbeat for `p_stale_seconds`): back to the queue while attempts
-- remain, else failed with their credit refunded. Answers how many of each.
create or replace function public.recover_render_runs(p_stale_seconds integer, p_max_attempts integer)
returns table (requeued integer, failed integer)
language plpgsql security definer set search_path = '' as $$
declare
  v_run public.render_runs;
  v_requeued integer := 0;
  v_failed integer := 0;
begin
  if not private.is_service_role() then
    raise exception 'Only the render worker may recover runs' using errcode = '42501';
  end if;
  for v_run in
    select * from public.render_runs r
    where r.status in ('rendering', 'encoding', 'uploading') and r.renderer = 'local'
      and coalesce(r.heartbeat_at, r.started_at, r.created_at) < now() - make_interval(secs => p_stale_seconds)
    for update skip locked
  loop
    if v_run.attempt < p_max_attempts then
      update public.render_runs set status = 'queued', stage = 'Waiting for a renderer', progress = 0,
        rendered_frames = 0, encoded_frames = 0, worker_id = null
      where id = v_run.id;
      v_requeued := v_requeued + 1;
    else
      perform public.fail_render_run(v_run.id, 'The renderer stopped while working on this video. Your credit was refunded; try again.');
      v_failed := v_failed + 1;
    end if;
  end loop;
  return query select v_requeued, v_failed;
end
$$;

revoke all on function public.claim_render_run(text), public.fail_render_run(uuid, text),
  public.complete_render_run(uuid, text, bigint, text, real), public.recover_render_runs(integer, integer)
  from public, anon, authenticated;
grant execute on function public.claim_render_run(text), public.fail_render_run(uuid, text),
  public.complete_render_run(uuid, text, bigint, text, real), public.recover_render_runs(integer, integer)
  to service_role;

-- progress and heartbeats: the worker writes these columns directly with the service key
grant select, update (status, stage, progress, rendered_frames, encoded_frames, heartbeat_at) on public.render_runs to service_role;

-- renders bucket: private; members read their team's files through signed URLs
insert into storage.buckets (id, name, public, file_size_limit)
values ('renders', 'renders', false, 524288000)
on conflict (id) do nothing;

create policy renders_select_team on storage.objects for select to authenticated
  using (bucket_id = 'renders' and private.media_team_id(name) in (select private.member_team_ids()));
