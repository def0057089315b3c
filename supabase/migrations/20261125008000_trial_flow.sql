-- Issue 13: what the try pages need beyond the data layer (20261125005000_trials.sql).

-- A photo joins or leaves a project's list as one statement, so two uploads finishing together
-- cannot overwrite each other's additions (a read-modify-write from the app could). Security
-- invoker: the row policies and column grants decide, as for any update by the visitor; the table's
-- checks keep the list at 10 paths inside the owner's folder.
create or replace function public.add_trial_photo(p_project_id uuid, p_path text) returns text[]
language sql security invoker set search_path = '' as $$
  update public.trial_projects t
  set photos = case when p_path = any (t.photos) then t.photos else array_append(t.photos, p_path) end
  where t.id = p_project_id
  returning t.photos;
$$;

-- the drafted video goes with it (its scenes may show the photo): the video step drafts it again
create or replace function public.remove_trial_photo(p_project_id uuid, p_path text) returns text[]
language sql security invoker set search_path = '' as $$
  update public.trial_projects t
  set photos = array_remove(t.photos, p_path),
      props = case when p_path = any (t.photos) then null else t.props end
  where t.id = p_project_id
  returning t.photos;
$$;

revoke all on function public.add_trial_photo(uuid, text), public.remove_trial_photo(uuid, text) from public, anon;
grant execute on function public.add_trial_photo(uuid, text), public.remove_trial_photo(uuid, text) to authenticated;

-- Cancel a trial render: the person who asked for it, while it is still running. Canceled runs do
-- not count as the trial render (render_runs_one_trial), so they may start again. The worker sees
-- the status change and stops (as for team runs).
create or replace function public.cancel_trial_render(p_run_id uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare
  v_run public.render_runs;
begin
  if (select auth.uid()) is null then
    raise exception 'Start the trial first' using errcode = '42501';
  end if;
  select * into v_run from public.render_runs r where r.id = p_run_id for update;
  if not found or v_run.trial_project_id is null or v_run.requested_by is distinct from (select auth.uid()) then
    raise exception 'That render no longer exists.' using errcode = 'P0001';
  end if;
  if v_run.status not in ('queued', 'rendering', 'encoding', 'uploading') then
    raise exception 'That render has already finished.' using errcode = 'P0001';
  end if;
  update public.render_runs set status = 'canceled', stage = 'Canceled', finished_at = now() where id = p_run_id;
end
$$;
revoke all on function public.cancel_trial_render(uuid) from public, anon;
grant execute on function public.cancel_trial_render(uuid) to authenticated;

-- The photo check writes the upright, metadata-free image over the upload (an upsert is an update):
-- the visitor may replace files in their own folder of the media bucket, nowhere else.
create policy media_trial_update on storage.objects for update to authenticated
  using (bucket_id = 'media' and (storage.foldername(name))[1] = 'trials' and (storage.foldername(name))[2] = (select auth.uid())::text)
  with check (bucket_id = 'media' and (storage.foldername(name))[1] = 'trials' and (storage.foldername(name))[2] = (select auth.uid())::text);
