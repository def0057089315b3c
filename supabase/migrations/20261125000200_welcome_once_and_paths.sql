-- Welcome credits once per person, a cap on teams a person owns, and storage paths checked in the
-- database wherever they occur (issue 11, docs/security.md).

-- welcome credits -------------------------------------------------------------------------------
-- Keyed by address, not user id, so deleting the team (or the account) and starting again does not
-- mint another three credits. Nobody reads it through the API.
create table private.welcome_credit_grants (
  email text primary key,
  user_id uuid,
  team_id uuid,
  granted_at timestamptz not null default now()
);
revoke all on private.welcome_credit_grants from public, anon, authenticated;

-- the teams people created before this migration already had theirs
insert into private.welcome_credit_grants (email, user_id, team_id, granted_at)
select distinct on (lower(u.email)) lower(u.email), u.id, l.team_id, l.created_at
from public.credit_ledger l
join auth.users u on u.id = l.created_by
where l.reason = 'welcome' and u.email is not null
order by lower(u.email), l.created_at
on conflict do nothing;

create or replace function public.create_team(p_name text) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  v_user uuid := (select auth.uid());
  v_team uuid;
  v_email text;
  v_owned integer;
begin
  if v_user is null then
    raise exception 'Sign in to create a team' using errcode = '42501';
  end if;
  if coalesce((select auth.jwt()) ->> 'is_anonymous', 'false') = 'true'
     or exists (select 1 from auth.users u where u.id = v_user and u.is_anonymous) then
    raise exception 'Create an account to start a team' using errcode = '42501';
  end if;
  -- one person's team creations run one at a time, so the cap below cannot be raced past
  perform 1 from public.profiles p where p.id = v_user for update;
  -- MAX_OWNED_TEAMS in lib/constants.ts
  select count(*) into v_owned from public.team_members m where m.user_id = v_user and m.role = 'owner';
  if v_owned >= 10 then
    raise exception 'You already own 10 teams. Delete one you no longer use to start another.' using errcode = 'P0001';
  end if;

  insert into public.teams (name, created_by) values (p_name, v_user) returning id into v_team;
  insert into public.team_members (team_id, user_id, role) values (v_team, v_user, 'owner');
  -- WELCOME_CREDITS in lib/constants.ts, once per person (address)
  select coalesce(lower(u.email), u.id::text) into v_email from auth.users u where u.id = v_user;
  insert into private.welcome_credit_grants (email, user_id, team_id)
  values (v_email, v_user, v_team)
  on conflict (email) do nothing;
  if found then
    insert into public.credit_ledger (team_id, delta, reason, note, created_by)
    values (v_team, 3, 'welcome', 'Welcome credits', v_user);
  end if;
  update public.profiles set last_team_id = v_team where id = v_user;
  return v_team;
end
$$;
revoke all on function public.create_team(text) from public, anon;
grant execute on function public.create_team(text) to authenticated, service_role;

-- storage paths -----------------------------------------------------------------------------------
-- A stored object path inside `p_prefix`/: no empty, `.` or `..` segments, no backslashes, no
-- control characters, at most 1024 characters. Storage treats the path as a key, but the app joins
-- it into URLs and folder listings, where `..` and `//` mean something else.
create or replace function private.storage_path_ok(p_path text, p_prefix text) returns boolean
language sql immutable set search_path = '' as $$
  select p_path is null or (
    char_length(p_path) <= 1024
    and p_path like p_prefix || '/_%'
    and p_path !~ '(^|/)\.{1,2}(/|$)'
    and p_path !~ '//'
    and p_path !~ '[\\[:cntrl:]]'
  );
$$;

alter table public.profiles
  add constraint profiles_avatar_path_safe check (private.storage_path_ok(avatar_path, id::text));
alter table public.agents
  add constraint agents_photo_path_safe check (private.storage_path_ok(photo_path, team_id::text)),
  add constraint agents_logo_path_safe check (private.storage_path_ok(logo_path, team_id::text));
alter table public.media_assets
  add constraint media_assets_path_safe check (private.storage_path_ok(path, team_id::text)),
  add constraint media_assets_thumb_path_safe check (private.storage_path_ok(thumb_path, team_id::text || '/thumbs'));
alter table public.videos
  add constraint videos_output_path_safe check (private.storage_path_ok(output_path, team_id::text)),
  add constraint videos_thumbnail_path_safe check (private.storage_path_ok(thumbnail_path, team_id::text));
-- voice samples live in the public voices bucket, under samples/
alter table public.voices
  add constraint voices_sample_path_safe check (private.storage_path_ok(sample_path, 'samples'));

-- Every `media:` reference anywhere in the props (arrays and nested objects included, not only the
-- known fields) must point inside the team's own folder by a clean path. A reference is any string
-- "media:" followed by a non-space (a caption like "media: coverage" is text, not a reference).
create or replace function private.video_media_refs_ok(p jsonb, p_team_id uuid) returns boolean
language sql immutable set search_path = '' as $$
  select not exists (
    select 1
    from jsonb_path_query(p, 'strict $.**') as v(value)
    where jsonb_typeof(v.value) = 'string'
      and (v.value #>> '{}') ~ '^media:\S'
      and not private.storage_path_ok(substr(v.value #>> '{}', 7), p_team_id::text)
  );
$$;
