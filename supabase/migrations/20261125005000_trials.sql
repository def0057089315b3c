-- Issue 13: trial projects, the try flow's data. A visitor signs in anonymously (is_anonymous in the
-- JWT, role authenticated) and owns their projects; their photos and their one render live under
-- trials/{user id}/ in the media and renders buckets. The pages arrive with the try flow; the rules
-- (ownership, one trial render, 720p and the watermark, the 7-day expiry) are here.

-- Every media: reference in a props document must point inside `p_prefix` (the team check generalised).
create or replace function private.media_refs_within(p jsonb, p_prefix text) returns boolean
language sql immutable set search_path = '' as $$
  select not exists (
    select 1
    from jsonb_path_query(p, 'strict $.**') as v(value)
    where jsonb_typeof(v.value) = 'string'
      and (v.value #>> '{}') ~ '^media:\S'
      and not private.storage_path_ok(substr(v.value #>> '{}', 7), p_prefix)
  );
$$;

-- the team check is now this one with the team's folder (same answers, one definition)
create or replace function private.video_media_refs_ok(p jsonb, p_team_id uuid) returns boolean
language sql immutable set search_path = '' as $$
  select private.media_refs_within(p, p_team_id::text);
$$;

create or replace function private.paths_within(p_paths text[], p_prefix text) returns boolean
language sql immutable set search_path = '' as $$
  select coalesce(bool_and(private.storage_path_ok(p, p_prefix) and p is not null), true) from unnest(p_paths) as t(p);
$$;

create table public.trial_projects (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  title text not null default 'My listing video' check (char_length(title) between 1 and 120),
  -- the property step as the app's schema shaped it (address, price, rooms, area)
  property jsonb not null default '{}'::jsonb check (jsonb_typeof(property) = 'object' and octet_length(property::text) <= 20000),
  photos text[] not null default '{}' check (cardinality(photos) <= 10),
  template text check (template in ('classic-tour', 'social-reel', 'luxury-estate')),
  format text check (format in ('landscape', 'portrait', 'square')),
  voice_id uuid references public.voices (id) on delete set null,
  -- the drafted video (the video step); null until then
  props jsonb check (props is null or private.video_props_ok(props)),
  expires_at timestamptz not null default now() + interval '7 days',
  claimed_video_id uuid references public.videos (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint trial_projects_photos_within check (private.paths_within(photos, 'trials/' || owner_id::text)),
  constraint trial_projects_refs_within check (props is null or private.media_refs_within(props, 'trials/' || owner_id::text))
);
alter table public.trial_projects enable row level security;
create index trial_projects_owner_idx on public.trial_projects (owner_id, created_at desc);
create index trial_projects_expiry_idx on public.trial_projects (expires_at) where claimed_video_id is null;
revoke all on public.trial_projects from anon, authenticated;
grant select, delete on public.trial_projects to authenticated;
grant insert (title, property, photos, template, format, voice_id, props) on public.trial_projects to authenticated;
grant update (title, property, photos, template, format, voice_id, props) on public.trial_projects to authenticated;
create policy trial_projects_select on public.trial_projects for select to authenticated
  using (owner_id = (select auth.uid()) or (select private.is_admin()));
create policy trial_projects_insert on public.trial_projects for insert to authenticated
  with check (owner_id = (select auth.uid()));
create policy trial_projects_update on public.trial_projects for update to authenticated
  using (owner_id = (select auth.uid()) and expires_at > now()) with check (owner_id = (select auth.uid()));
create policy trial_projects_delete on public.trial_projects for delete to authenticated
  using (owner_id = (select auth.uid()));

-- At most 5 projects per person (a visitor trying several listings; not a free hosting service),
-- counted under a lock on their profile; updated_at kept.
create or replace function private.trial_projects_before_write() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    perform 1 from public.profiles p where p.id = new.owner_id for update;
    if (select count(*) from public.trial_projects t where t.owner_id = new.owner_id) >= 5 then
      raise exception 'You have five trial projects already. Sign up to keep making videos.' using errcode = 'P0001';
    end if;
  end if;
  new.updated_at := now();
  return new;
end
$$;
create trigger trial_projects_before_write before insert or update on public.trial_projects
  for each row execute function private.trial_projects_before_write();

-- Trial runs: no team, no video, the project instead; read by the person who asked for them.
alter table public.render_runs
  add column trial_project_id uuid references public.trial_projects (id) on delete cascade,
  add constraint render_runs_trial_shape check (trial_project_id is null or (team_id is null and video_id is null)),
  add constraint render_runs_trial_paths check (
    trial_project_id is null or (
      private.storage_path_ok(output_path, 'trials/' || requested_by::text)
      and private.storage_path_ok(poster_path, 'trials/' || requested_by::text)
      and private.media_refs_within(props, 'trials/' || requested_by::text)
    )
  );
-- one trial render per person; a failed or canceled one does not count
create unique index render_runs_one_trial on public.render_runs (requested_by)
  where trial_project_id is not null and status <> all (array['failed', 'canceled']);
create policy render_runs_select_trial on public.render_runs for select to authenticated
  using (trial_project_id is not null and requested_by = (select auth.uid()));

-- Queue the trial render: the caller owns the project (anonymous callers included), it has not
-- expired, its video is drafted, and they have not had their render. 720p at most, watermarked, H.264.
create or replace function public.queue_trial_render(p_project_id uuid, p_total_frames integer) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  v_user uuid := (select auth.uid());
  v_project public.trial_projects;
  v_run uuid := gen_random_uuid();
  v_fps integer;
begin
  if v_user is null then
    raise exception 'Start the trial first' using errcode = '42501';
  end if;
  select * into v_project from public.trial_projects t where t.id = p_project_id for update;
  if not found or v_project.owner_id is distinct from v_user then
    raise exception 'That trial project no longer exists.' using errcode = 'P0001';
  end if;
  if v_project.expires_at <= now() then
    raise exception 'This trial project has expired. Start a new one.' using errcode = 'P0001';
  end if;
  if v_project.props is null or v_project.template is null or v_project.format is null then
    raise exception 'Choose a template and a format first.' using errcode = 'P0001';
  end if;
  v_fps := coalesce((v_project.props ->> 'fps')::integer, 30);
  if p_total_frames is null or p_total_frames < 1 or p_total_frames > v_fps * 600 then
    raise exception 'The video''s length could not be worked out. Reload the page and try again.' using errcode = 'P0001';
  end if;
  -- the person's profile row serialises their requests, so two clicks cannot both pass this check
  perform 1 from public.profiles p where p.id = v_user for update;
  if exists (
    select 1 from public.render_runs r
    where r.requested_by = v_user and r.trial_project_id is not null and r.status <> all (array['failed', 'canceled'])
  ) then
    raise exception 'You have used your trial render. Sign up to make more videos.' using errcode = 'P0001';
  end if;
  insert into public.render_runs (
    id, trial_project_id, team_id, video_id, requested_by, codec, template, format, width, height, fps, total_frames, props
  ) values (
    v_run, v_project.id, null, null, v_user, 'h264', v_project.template, v_project.format,
    case v_project.format when 'landscape' then 1280 else 720 end,
    case v_project.format when 'portrait' then 1280 else 720 end,
    v_fps, p_total_frames, jsonb_set(v_project.props, '{watermark}', 'true'::jsonb)
  );
  return v_run;
end
$$;
revoke all on function public.queue_trial_render(uuid, integer) from public, anon;
grant execute on function public.queue_trial_render(uuid, integer) to authenticated, service_role;

-- The clean-up (the worker calls it every hour; service key only): projects past their expiry that
-- nobody kept go, with their runs (cascade). Answers the files to remove (the projects' photos, the
-- runs' videos and posters), which the caller deletes from storage.
create or replace function public.purge_expired_trials() returns table (bucket text, path text)
language plpgsql security definer set search_path = '' as $$
begin
  if not private.is_service_role() then
    raise exception 'Only the server purges trials' using errcode = '42501';
  end if;
  return query
  with gone as (
    delete from public.trial_projects t
    where t.expires_at < now() and t.claimed_video_id is null
    returning t.id, t.photos
  ),
  -- read before the cascade removes them (a data-modifying CTE's siblings see the rows as they were)
  files as (
    select 'media'::text as bucket, unnest(g.photos) as path from gone g
    union all
    select 'renders', f.p
    from public.render_runs r
    join gone g on r.trial_project_id = g.id
    cross join lateral (values (r.output_path), (r.poster_path)) as f(p)
    where f.p is not null
  )
  select f.bucket, f.path from files f;
end
$$;
revoke all on function public.purge_expired_trials() from public, anon, authenticated;
grant execute on function public.purge_expired_trials() to service_role;

-- Storage: the owner's own folder trials/{user id}/ in media (photos: read, add, remove) and
-- renders (read; the worker writes with the service key).
create policy media_trial_select on storage.objects for select to authenticated
  using (bucket_id = 'media' and (storage.foldername(name))[1] = 'trials' and (storage.foldername(name))[2] = (select auth.uid())::text);
create policy media_trial_insert on storage.objects for insert to authenticated
  with check (bucket_id = 'media' and (storage.foldername(name))[1] = 'trials' and (storage.foldername(name))[2] = (select auth.uid())::text);
create policy media_trial_delete on storage.objects for delete to authenticated
  using (bucket_id = 'media' and (storage.foldername(name))[1] = 'trials' and (storage.foldername(name))[2] = (select auth.uid())::text);
create policy renders_trial_select on storage.objects for select to authenticated
  using (bucket_id = 'renders' and (storage.foldername(name))[1] = 'trials' and (storage.foldername(name))[2] = (select auth.uid())::text);
