-- Issue 16, part C: captions beside the MP4 and the unbranded cut (docs/narration.md, docs/renders.md).
--
-- render_runs.unbranded: the run is the unbranded cut (no agent, brokerage, logo or contact details
-- anywhere in the picture; narration and captions stay). queue_render takes it as a parameter and
-- writes it into the props snapshot (`"unbranded": true`), which is what the templates read, so the
-- column and the snapshot always agree. render_runs.captions_srt_path / captions_vtt_path: the
-- caption files the renderer writes next to the video, in the same folder, recorded by
-- complete_render_run (service role only, as before).

alter table public.render_runs
  add column unbranded boolean not null default false,
  add column captions_srt_path text,
  add column captions_vtt_path text,
  add constraint render_runs_captions_srt_path_safe check (team_id is null or private.storage_path_ok(captions_srt_path, team_id::text)),
  add constraint render_runs_captions_vtt_path_safe check (team_id is null or private.storage_path_ok(captions_vtt_path, team_id::text)),
  add constraint render_runs_trial_caption_paths check (
    trial_project_id is null or (
      private.storage_path_ok(captions_srt_path, 'trials/' || requested_by::text)
      and private.storage_path_ok(captions_vtt_path, 'trials/' || requested_by::text)
    )
  );

-- The queue functions gain p_unbranded (default false); the five-argument versions go, so every
-- existing call (named arguments, without it) resolves to these and nothing else.
drop function public.queue_lambda_render(uuid, integer, text, integer, text);
drop function public.queue_render(uuid, integer, text, integer, text);

-- Queue: as 20261125003000_render_quality.sql (caller, version, codec, quality, one active run,
-- credit), plus the unbranded flag on the run and in its snapshot. All or nothing.
create or replace function public.queue_render(
  p_video_id uuid,
  p_expected_version integer,
  p_codec text,
  p_total_frames integer,
  p_quality text default 'standard',
  p_unbranded boolean default false
) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  v_user uuid := (select auth.uid());
  v_video public.videos;
  v_run uuid := gen_random_uuid();
  v_width integer;
  v_height integer;
  v_unbranded boolean := coalesce(p_unbranded, false);
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
  if p_quality is null or p_quality not in ('standard', 'high') then
    raise exception 'Choose standard or high quality.' using errcode = 'P0001';
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
    props, video_version, quality, unbranded
  ) values (
    v_run, v_video.id, v_video.team_id, v_user, p_codec, v_video.template, v_video.format, v_width, v_height,
    v_video.fps, p_total_frames,
    -- the snapshot says whether this cut is unbranded, and nothing else decides it
    case when v_unbranded then v_video.props || '{"unbranded": true}'::jsonb else v_video.props - 'unbranded' end,
    v_video.version, p_quality, v_unbranded
  );
  -- the ledger's guard locks the team and refuses a negative balance with its own message
  insert into public.credit_ledger (team_id, delta, reason, ref_id, note, created_by)
  values (v_video.team_id, -1, 'render', v_run, 'Render of ' || v_video.title, v_user);
  update public.videos set status = 'rendering' where id = v_video.id;
  return v_run;
end
$$;


create or replace function public.queue_lambda_render(
  p_video_id uuid,
  p_expected_version integer,
  p_codec text,
  p_total_frames integer,
  p_quality text default 'standard',
  p_unbranded boolean default false
) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  v_run uuid;
begin
  -- queue_render checks the caller (auth.uid(), membership, not anonymous) and the options itself
  v_run := public.queue_render(p_video_id, p_expected_version, p_codec, p_total_frames, p_quality, p_unbranded);
  update public.render_runs set renderer = 'lambda', stage = 'Starting on Lambda' where id = v_run;
  return v_run;
end
$$;

revoke all on function public.queue_render(uuid, integer, text, integer, text, boolean), public.queue_lambda_render(uuid, integer, text, integer, text, boolean) from public, anon;
grant execute on function public.queue_render(uuid, integer, text, integer, text, boolean), public.queue_lambda_render(uuid, integer, text, integer, text, boolean)
  to authenticated, service_role;

-- complete_render_run records the caption files too (both optional: a video without narration words
-- has none). The five-argument version goes; existing calls resolve to this one.
drop function public.complete_render_run(uuid, text, bigint, text, real);
create or replace function public.complete_render_run(
  p_run_id uuid, p_output_path text, p_output_bytes bigint, p_poster_path text, p_duration_s real,
  p_captions_srt_path text default null, p_captions_vtt_path text default null
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
      poster_path = p_poster_path, duration_s = p_duration_s, finished_at = now(), heartbeat_at = now(),
      captions_srt_path = p_captions_srt_path, captions_vtt_path = p_captions_vtt_path
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

revoke all on function public.complete_render_run(uuid, text, bigint, text, real, text, text) from public, anon, authenticated;
grant execute on function public.complete_render_run(uuid, text, bigint, text, real, text, text) to service_role;
