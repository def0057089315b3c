-- Issue 24, items 3 and 6 (docs/try.md, docs/security.md).
--
-- Item 3: one trial render per visitor, even after deleting the project. The run cascaded away with
-- its project, so the "one per person" check (and its unique index) forgot it; the first MP4 stayed
-- readable by its owner and was never purged. The render is now also recorded per person in
-- private.trial_renders (not tied to the project or the run), in queue_trial_render's transaction;
-- a failed or canceled run gives it back (a trigger), as before. The owner reads a render's files
-- only while its run exists, and the purge also answers orphaned trial files.
--
-- Item 6: an anonymous account made straight through the auth API gains nothing. A visitor may
-- create trial projects and upload trial photos only once the app's start path admitted them
-- (public.trial_admissions, written only by the service key after the app's per-address limit; the
-- auth server checked the CAPTCHA at sign-in when it is on), and admissions are capped per hour for
-- everyone together (private.trial_limits) as a backstop against many addresses.

-- ---------------------------------------------------------------------------------------------
-- Item 6: admissions

create table public.trial_admissions (
  user_id uuid primary key references auth.users (id) on delete cascade,
  admitted_at timestamptz not null default now()
);
alter table public.trial_admissions enable row level security;
create index trial_admissions_recent_idx on public.trial_admissions (admitted_at);
revoke all on public.trial_admissions from anon, authenticated;
-- a visitor may see whether they are admitted (the start path asks); nobody writes but the function
grant select on public.trial_admissions to authenticated;
create policy trial_admissions_select on public.trial_admissions for select to authenticated
  using (user_id = (select auth.uid()));

-- The backstop: admissions per hour, all addresses together (0 closes the trial). One row.
create table private.trial_limits (
  id boolean primary key default true check (id),
  admissions_per_hour integer not null check (admissions_per_hour between 0 and 100000)
);
alter table private.trial_limits enable row level security;
revoke all on private.trial_limits from public, anon, authenticated;
insert into private.trial_limits (id, admissions_per_hour) values (true, 500);

-- Everyone who already has a trial project was let in by the start path before this existed.
insert into public.trial_admissions (user_id, admitted_at)
select t.owner_id, min(t.created_at) from public.trial_projects t
where exists (select 1 from auth.users u where u.id = t.owner_id)
group by t.owner_id
on conflict do nothing;

-- Service key only: the app calls this after its own checks (lib/trials/start.ts). Admits an
-- anonymous account once; refuses when the hour's admissions are used up. Answers true when this
-- call admitted them, false when they already were.
create or replace function public.admit_trial_visitor(p_user_id uuid) returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  v_cap integer;
begin
  if not private.is_service_role() then
    raise exception 'Only the server admits trial visitors' using errcode = '42501';
  end if;
  if not exists (select 1 from auth.users u where u.id = p_user_id and u.is_anonymous) then
    raise exception 'Only a trial (anonymous) account can be admitted to the trial.' using errcode = 'P0001';
  end if;
  -- one admission at a time, so the hour's count cannot be overrun by concurrent starts
  perform pg_advisory_xact_lock(hashtext('public.admit_trial_visitor'));
  if exists (select 1 from public.trial_admissions a where a.user_id = p_user_id) then
    return false;
  end if;
  select l.admissions_per_hour into v_cap from private.trial_limits l where l.id;
  if (select count(*) from public.trial_admissions a where a.admitted_at > now() - interval '1 hour') >= coalesce(v_cap, 0) then
    raise exception 'Too many trials were started in the last hour. Try again later, or sign up to make videos now.'
      using errcode = 'P0001';
  end if;
  insert into public.trial_admissions (user_id) values (p_user_id);
  return true;
end
$$;
revoke all on function public.admit_trial_visitor(uuid) from public, anon, authenticated;
grant execute on function public.admit_trial_visitor(uuid) to service_role;

-- Projects: only an admitted visitor may create one (the 5-per-person cap still applies).
drop policy trial_projects_insert on public.trial_projects;
create policy trial_projects_insert on public.trial_projects for insert to authenticated
  with check (
    owner_id = (select auth.uid())
    and exists (select 1 from public.trial_admissions a where a.user_id = (select auth.uid()))
  );

-- Photos: only an admitted visitor may put files in their trials folder (no free file hosting for
-- accounts made straight through the auth API).
drop policy media_trial_insert on storage.objects;
create policy media_trial_insert on storage.objects for insert to authenticated
  with check (
    bucket_id = 'media' and (storage.foldername(name))[1] = 'trials' and (storage.foldername(name))[2] = (select auth.uid())::text
    and exists (select 1 from public.trial_admissions a where a.user_id = (select auth.uid()))
  );
drop policy media_trial_update on storage.objects;
create policy media_trial_update on storage.objects for update to authenticated
  using (bucket_id = 'media' and (storage.foldername(name))[1] = 'trials' and (storage.foldername(name))[2] = (select auth.uid())::text)
  with check (
    bucket_id = 'media' and (storage.foldername(name))[1] = 'trials' and (storage.foldername(name))[2] = (select auth.uid())::text
    and exists (select 1 from public.trial_admissions a where a.user_id = (select auth.uid()))
  );

-- ---------------------------------------------------------------------------------------------
-- Item 3: the trial render, recorded per person

create table private.trial_renders (
  user_id uuid primary key references auth.users (id) on delete cascade,
  -- the run that took it (no foreign key: the record outlives the run and its project)
  run_id uuid not null unique,
  queued_at timestamptz not null default now()
);
alter table private.trial_renders enable row level security;
revoke all on private.trial_renders from public, anon, authenticated;

-- the trial renders already taken (failed and canceled ones never counted)
insert into private.trial_renders (user_id, run_id, queued_at)
select distinct on (r.requested_by) r.requested_by, r.id, r.created_at
from public.render_runs r
where r.trial_project_id is not null and r.status <> all (array['failed', 'canceled'])
  and exists (select 1 from auth.users u where u.id = r.requested_by)
order by r.requested_by, r.created_at
on conflict do nothing;

-- A failed or canceled trial run gives the render back (only while the record is that run's).
create or replace function private.trial_run_released() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  delete from private.trial_renders t where t.run_id = new.id;
  return null;
end
$$;
create trigger render_runs_trial_released after update of status on public.render_runs
  for each row
  when (new.trial_project_id is not null and new.status in ('failed', 'canceled') and old.status is distinct from new.status)
  execute function private.trial_run_released();

-- As before (20261125005000_trials.sql), plus the per-person record, checked and written under the
-- same lock on the caller's profile.
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
  if exists (select 1 from private.trial_renders t where t.user_id = v_user)
    or exists (
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
  insert into private.trial_renders (user_id, run_id) values (v_user, v_run);
  return v_run;
end
$$;
revoke all on function public.queue_trial_render(uuid, integer) from public, anon;
grant execute on function public.queue_trial_render(uuid, integer) to authenticated, service_role;

-- The owner reads a trial render's files only while its run exists (deleting the project ends it;
-- the purge then removes the bytes). trials/{user}/renders/{run}/…
drop policy renders_trial_select on storage.objects;
create policy renders_trial_select on storage.objects for select to authenticated
  using (
    bucket_id = 'renders' and (storage.foldername(name))[1] = 'trials' and (storage.foldername(name))[2] = (select auth.uid())::text
    and (storage.foldername(name))[3] = 'renders'
    and exists (
      select 1 from public.render_runs r
      where r.trial_project_id is not null and r.requested_by = (select auth.uid())
        and r.id::text = (storage.foldername(name))[4]
    )
  );

-- The clean-up: as before (expired, unkept projects with their runs and files), and now also the
-- trial files nothing refers to any more (at most 1,000 a call; the worker calls it every hour):
--  * renders/trials/{user}/renders/{run}/… whose run is gone (a deleted project), at once;
--  * media/trials/{user}/… that no project's photo list holds (a photo or its thumbnail: a deleted
--    project's, an upload never finished), once a day old, so uploads in progress are left alone.
-- Orphans are read before the expired projects go, so nothing is answered twice.
create or replace function public.purge_expired_trials() returns table (bucket text, path text)
language plpgsql security definer set search_path = '' as $$
begin
  if not private.is_service_role() then
    raise exception 'Only the server purges trials' using errcode = '42501';
  end if;
  return query
  select o.bucket_id::text, o.name::text
  from storage.objects o
  where o.bucket_id = 'renders' and o.name like 'trials/%'
    and not exists (
      select 1 from public.render_runs r
      where r.trial_project_id is not null
        and split_part(o.name, '/', 2) = r.requested_by::text
        and split_part(o.name, '/', 3) = 'renders'
        and split_part(o.name, '/', 4) = r.id::text
    )
  union all
  select o.bucket_id::text, o.name::text
  from storage.objects o
  where o.bucket_id = 'media' and o.name like 'trials/%'
    and greatest(o.created_at, coalesce(o.updated_at, o.created_at)) < now() - interval '1 day'
    and not exists (
      select 1 from public.trial_projects t cross join lateral unnest(t.photos) as p(photo)
      where t.owner_id::text = split_part(o.name, '/', 2)
        and (
          p.photo = o.name
          or (split_part(o.name, '/', 3) = 'thumbs' and split_part(o.name, '/', 5) = ''
              and split_part(p.photo, '/', 3) = 'photos' and split_part(p.photo, '/', 4) || '.webp' = split_part(o.name, '/', 4))
        )
    )
  limit 1000;

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
