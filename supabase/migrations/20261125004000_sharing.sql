-- Issue 13: sharing a rendered video on its public page (/share/{share_id}) and submitting it to the
-- showcase. The video's own columns (is_shared, showcase) are not writable by people (column grants):
-- these functions are the only way, and each checks its caller itself.

-- A shared video's public face, for anyone (visitors included): only what the share page shows, and
-- only while the video is shared and has a finished render. Nothing else of the video, its team or
-- its props (scripts, narration, voice, brand colours of other videos) is returned.
create or replace function public.shared_video(p_share_id text)
returns table (
  video_id uuid, share_id text, title text, format text, listing jsonb, agent jsonb, brand_color text,
  output_path text, poster_path text, output_codec text, updated_at timestamptz
)
language sql stable security definer set search_path = '' as $$
  select v.id, v.share_id, v.title, v.format, v.props -> 'listing', v.props -> 'agent', v.props ->> 'brandColor',
         v.output_path, v.thumbnail_path, v.output_codec, v.updated_at
  from public.videos v
  where p_share_id ~ '^[A-Za-z0-9_-]{12,64}$'
    and v.share_id = p_share_id and v.is_shared and v.output_path is not null
$$;
revoke all on function public.shared_video(text) from public;
grant execute on function public.shared_video(text) to anon, authenticated, service_role;

-- The video, locked, for a signed-in (not anonymous) member of its team; otherwise an error that
-- does not say whether the video exists. For the functions below, which check nothing else about the caller.
create or replace function private.member_video_for_update(p_video_id uuid) returns public.videos
language plpgsql security definer set search_path = '' as $$
declare
  v_video public.videos;
begin
  if (select auth.uid()) is null or coalesce((select auth.jwt()) ->> 'is_anonymous', 'false') = 'true' then
    raise exception 'Sign in first' using errcode = '42501';
  end if;
  select * into v_video from public.videos v where v.id = p_video_id for update;
  if not found or not private.is_team_member(v_video.team_id) then
    raise exception 'That video no longer exists, or it belongs to another team.' using errcode = 'P0001';
  end if;
  return v_video;
end
$$;
revoke all on function private.member_video_for_update(uuid) from public, anon;
grant execute on function private.member_video_for_update(uuid) to authenticated, service_role;

-- Share or unshare (any member of the video's team, not anonymous). Sharing needs a finished render;
-- unsharing takes the page (and the showcase entry) down at once. Answers the share id.
create or replace function public.set_video_shared(p_video_id uuid, p_shared boolean) returns text
language plpgsql security definer set search_path = '' as $$
declare
  v_video public.videos := private.member_video_for_update(p_video_id);
begin
  if p_shared is null then
    raise exception 'Say whether to share the video.' using errcode = 'P0001';
  end if;
  if p_shared and v_video.output_path is null then
    raise exception 'Render the video before sharing it.' using errcode = 'P0001';
  end if;
  -- unsharing also withdraws it from the showcase: sharing again does not list it again unasked
  update public.videos set is_shared = p_shared, showcase = case when p_shared then showcase else 'none' end
  where id = p_video_id;
  return v_video.share_id;
end
$$;

-- Submit to the showcase or withdraw (any member). Only a shared, rendered video can be submitted;
-- a submission waits for a site administrator; withdrawing works from any state.
create or replace function public.set_video_showcase(p_video_id uuid, p_submit boolean) returns text
language plpgsql security definer set search_path = '' as $$
declare
  v_video public.videos := private.member_video_for_update(p_video_id);
  v_next text;
begin
  if p_submit is null then
    raise exception 'Say whether to submit the video.' using errcode = 'P0001';
  end if;
  if p_submit and not (v_video.is_shared and v_video.output_path is not null) then
    raise exception 'Share the video before submitting it to the showcase.' using errcode = 'P0001';
  end if;
  v_next := case
    when not p_submit then 'none'
    when v_video.showcase = 'approved' then 'approved'
    else 'submitted'
  end;
  update public.videos set showcase = v_next where id = p_video_id;
  return v_next;
end
$$;

-- A site administrator approves or rejects a submission (the admin screens come later; the rule is here).
create or replace function public.review_showcase(p_video_id uuid, p_approve boolean) returns text
language plpgsql security definer set search_path = '' as $$
declare
  v_state text;
begin
  if not private.is_admin() then
    raise exception 'Only site administrators review the showcase' using errcode = '42501';
  end if;
  update public.videos set showcase = case when p_approve then 'approved' else 'rejected' end
  where id = p_video_id and showcase in ('submitted', 'approved', 'rejected')
  returning showcase into v_state;
  if v_state is null then
    raise exception 'That video was not submitted to the showcase.' using errcode = 'P0001';
  end if;
  return v_state;
end
$$;

-- The showcase, for anyone: approved videos that are still shared and rendered, newest first.
create or replace function public.showcase_videos(p_format text default null, p_limit integer default 12, p_offset integer default 0)
returns table (share_id text, title text, city text, format text, poster_path text, updated_at timestamptz, total bigint)
language sql stable security definer set search_path = '' as $$
  select v.share_id, v.title, v.props -> 'listing' -> 'address' ->> 'city', v.format, v.thumbnail_path, v.updated_at,
         count(*) over ()
  from public.videos v
  where v.showcase = 'approved' and v.is_shared and v.output_path is not null
    and (p_format is null or v.format = p_format)
  order by v.updated_at desc, v.id
  limit least(greatest(coalesce(p_limit, 12), 1), 48) offset greatest(coalesce(p_offset, 0), 0)
$$;

revoke all on function public.set_video_shared(uuid, boolean), public.set_video_showcase(uuid, boolean),
  public.review_showcase(uuid, boolean), public.showcase_videos(text, integer, integer) from public, anon;
grant execute on function public.set_video_shared(uuid, boolean), public.set_video_showcase(uuid, boolean),
  public.review_showcase(uuid, boolean) to authenticated, service_role;
grant execute on function public.showcase_videos(text, integer, integer) to anon, authenticated, service_role;
create index videos_showcase_idx on public.videos (updated_at desc) where showcase = 'approved' and is_shared;
