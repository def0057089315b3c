-- Issue 12: a render's quality, chosen with the format on the video page. 'standard' keeps the file
-- within 1.5x the size of Remotion's default pipeline; 'high' spends about twice the bits (the
-- in-browser path's bitrate, renderMedia's CRF, Lambda's CRF: lib/render/quality.ts).
alter table public.render_runs
  add column quality text not null default 'standard' check (quality in ('standard', 'high'));

-- queue_render and queue_lambda_render take the quality (default 'standard'); the old four-argument
-- versions go, so a call without it resolves to these and nothing else.
drop function public.queue_lambda_render(uuid, integer, text, integer);
drop function public.queue_render(uuid, integer, text, integer);

-- Queue: checks the caller may render this video (a member of its team, not anonymous), that the
-- video is still the version the app validated with the template's schema (`p_expected_version`),
-- the codec and quality rules and the team's credit; takes the credit, snapshots props and
-- settings, inserts the run `queued`. All or nothing.
create or replace function public.queue_render(
  p_video_id uuid,
  p_expected_version integer,
  p_codec text,
  p_total_frames integer,
  p_quality text default 'standard'
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
    props, video_version, quality
  ) values (
    v_run, v_video.id, v_video.team_id, v_user, p_codec, v_video.template, v_video.format, v_width, v_height,
    v_video.fps, p_total_frames, v_video.props, v_video.version, p_quality
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
  p_quality text default 'standard'
) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  v_run uuid;
begin
  -- queue_render checks the caller (auth.uid(), membership, not anonymous) and the quality itself
  v_run := public.queue_render(p_video_id, p_expected_version, p_codec, p_total_frames, p_quality);
  update public.render_runs set renderer = 'lambda', stage = 'Starting on Lambda' where id = v_run;
  return v_run;
end
$$;

revoke all on function public.queue_render(uuid, integer, text, integer, text), public.queue_lambda_render(uuid, integer, text, integer, text) from public, anon;
grant execute on function public.queue_render(uuid, integer, text, integer, text), public.queue_lambda_render(uuid, integer, text, integer, text)
  to authenticated, service_role;
