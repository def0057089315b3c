-- Issue 26 item 3: showcase submissions could never be approved (no admin screen called
-- review_showcase). The screen is /admin/showcase; here the review itself gains what every admin change
-- has: the audit record in the same transaction, and a sentence when a video cannot be approved.

-- A site administrator approves or declines a submission (or changes an earlier review). Approving
-- needs the video still shared and rendered (the showcase lists only those; approving one that is not
-- would look like nothing happened). One `showcase.approve` / `showcase.decline` row in the audit log,
-- with the team as target; reviewing to the state it is already in changes and records nothing.
create or replace function public.review_showcase(p_video_id uuid, p_approve boolean) returns text
language plpgsql security definer set search_path = '' as $$
declare
  v_video public.videos;
  v_next text;
begin
  if not private.is_admin() then
    raise exception 'Only site administrators review the showcase' using errcode = '42501';
  end if;
  if p_approve is null then
    raise exception 'Say whether to approve the video.' using errcode = 'P0001';
  end if;
  select * into v_video from public.videos where id = p_video_id for update;
  if v_video.id is null or v_video.showcase not in ('submitted', 'approved', 'rejected') then
    raise exception 'That video was not submitted to the showcase.' using errcode = 'P0001';
  end if;
  if p_approve and not (v_video.is_shared and v_video.output_path is not null) then
    raise exception 'This video is no longer shared, so it cannot be shown. Its team must share it again.' using errcode = 'P0001';
  end if;
  v_next := case when p_approve then 'approved' else 'rejected' end;
  if v_next = v_video.showcase then
    return v_next;
  end if;
  update public.videos set showcase = v_next where id = p_video_id;
  perform private.audit(
    case when p_approve then 'showcase.approve' else 'showcase.decline' end,
    null,
    v_video.team_id,
    jsonb_build_object('video_id', v_video.id, 'title', left(v_video.title, 200), 'state_from', v_video.showcase, 'state_to', v_next)
  );
  return v_next;
end
$$;
revoke all on function public.review_showcase(uuid, boolean) from public, anon;
grant execute on function public.review_showcase(uuid, boolean) to authenticated, service_role;
