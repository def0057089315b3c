-- Voices (read by everyone, managed by site administrators) and videos, the item under a listing.
-- Same habits as the listings migration: RLS on right after each table, policies through private
-- helpers, column-level grants so a forbidden write fails loudly (42501) instead of matching no rows.
-- Video props are validated by the template's zod schema in lib/videos/schema.ts on every write;
-- the database repeats the structural part (private.video_props_ok) and keeps every `media:` reference
-- inside the team's own folder (private.video_media_refs_ok), so a direct API call cannot point a
-- video at another team's files. docs/videos.md explains the media references and the autosave.

-- voices ----------------------------------------------------------------------------------------
create table public.voices (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(name) between 1 and 80 and name = btrim(name)),
  -- BCP-47-ish: en, en-AU, pt-BR, zh-Hans-CN
  language text not null check (language ~ '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$'),
  gender text not null check (gender in ('female', 'male', 'neutral')),
  provider text not null default 'local' check (char_length(provider) between 1 and 40),
  provider_voice_id text not null check (char_length(provider_voice_id) between 1 and 200),
  sample_path text check (char_length(sample_path) between 1 and 1024),
  is_active boolean not null default true,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.voices enable row level security;
create index voices_active_order_idx on public.voices (sort_order, name) where is_active;
revoke all on public.voices from anon, authenticated;
grant select on public.voices to anon, authenticated;
grant delete on public.voices to authenticated;
grant insert (name, language, gender, provider, provider_voice_id, sample_path, is_active, sort_order)
  on public.voices to authenticated;
grant update (name, language, gender, provider, provider_voice_id, sample_path, is_active, sort_order)
  on public.voices to authenticated;

create trigger voices_touch_updated_at before update on public.voices
  for each row execute function private.touch_updated_at();

-- anon cannot reach the private helpers, so visitors get their own policy
create policy voices_select_anon on public.voices for select to anon
  using (is_active);
create policy voices_select on public.voices for select to authenticated
  using (is_active or (select private.is_admin()));
create policy voices_insert on public.voices for insert to authenticated
  with check ((select private.is_admin()));
create policy voices_update on public.voices for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));
create policy voices_delete on public.voices for delete to authenticated
  using ((select private.is_admin()));

-- videos ----------------------------------------------------------------------------------------
-- The shape every template's props share: an object with a listing object and 1–40 scenes, under
-- 256 kB. The full rules (each template's zod schema, the 5–120 s timeline) live in lib/videos.
create or replace function private.video_props_ok(p jsonb) returns boolean
language sql immutable set search_path = '' as $$
  select coalesce(
    jsonb_typeof(p) = 'object'
    and jsonb_typeof(p -> 'listing') = 'object'
    and jsonb_typeof(p -> 'scenes') = 'array'
    and (case when jsonb_typeof(p -> 'scenes') = 'array' then jsonb_array_length(p -> 'scenes') between 1 and 40 else false end)
    and octet_length(p::text) < 262144,
    false);
$$;

-- Every media source in the props (scene photos, the agent's photo and logo, music, narration) that
-- starts with `media:` names a file inside the team's own folder of the private `media` bucket (no
-- `.`/`..` segments, no other team's id). Free text such as captions is never read as a reference.
create or replace function private.video_media_refs_ok(p jsonb, p_team_id uuid) returns boolean
language sql immutable set search_path = '' as $$
  select not exists (
    select 1
    from unnest(array[
      'lax $.scenes[*].src', 'lax $.agent.photoSrc', 'lax $.agent.logoSrc', 'lax $.music.src', 'lax $.narration.src'
    ]::jsonpath[]) as paths(path)
    cross join lateral jsonb_path_query(p, paths.path) as v(value)
    where jsonb_typeof(v.value) = 'string'
      and (v.value #>> '{}') like 'media:%'
      and (
        (v.value #>> '{}') not like 'media:' || p_team_id::text || '/_%'
        or (v.value #>> '{}') ~ '(^|/)\.\.?(/|$)'
      )
  );
$$;

-- 16 URL-safe characters (96 random bits) for the share page's address.
create or replace function private.new_share_id() returns text
language sql volatile set search_path = '' as $$
  select substr(translate(encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')), 'base64'), '+/=', '-_'), 1, 16);
$$;

create table public.videos (
  id uuid primary key default gen_random_uuid(),
  team_id uuid not null references public.teams (id) on delete cascade,
  listing_id uuid not null,
  title text not null check (char_length(title) between 1 and 120 and title = btrim(title)),
  template text not null check (template in ('classic-tour', 'social-reel', 'luxury-estate')),
  format text not null check (format in ('landscape', 'portrait', 'square')),
  fps integer not null default 30 check (fps in (24, 25, 30, 60)),
  props jsonb not null constraint videos_props_check check (private.video_props_ok(props)),
  voice_id uuid references public.voices (id) on delete set null,
  status text not null default 'draft' check (status in ('draft', 'rendering', 'ready', 'failed')),
  output_path text check (output_path like team_id::text || '/%'),
  output_bytes bigint check (output_bytes >= 0),
  output_codec text check (char_length(output_codec) between 1 and 20),
  thumbnail_path text check (thumbnail_path like team_id::text || '/%'),
  share_id text not null unique default private.new_share_id() check (share_id ~ '^[A-Za-z0-9_-]{12,64}$'),
  is_shared boolean not null default false,
  showcase text not null default 'none' check (showcase in ('none', 'submitted', 'approved', 'rejected')),
  -- bumped by the trigger whenever the editable content changes; autosave sends the version it saw
  version integer not null default 1 check (version >= 1),
  created_by uuid default auth.uid() references public.profiles (id) on delete set null,
  updated_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint videos_media_refs_check check (private.video_media_refs_ok(props, team_id)),
  -- the listing must belong to the same team; deleting the listing deletes its videos
  constraint videos_listing_fkey foreign key (listing_id, team_id)
    references public.listings (id, team_id) on delete cascade
);
alter table public.videos enable row level security;
create index videos_team_listing_created_idx on public.videos (team_id, listing_id, created_at desc);
create index videos_team_updated_idx on public.videos (team_id, updated_at desc);
create index videos_voice_idx on public.videos (voice_id) where voice_id is not null;
revoke all on public.videos from anon, authenticated;
grant select, delete on public.videos to authenticated;
grant insert (team_id, listing_id, title, template, format, fps, props, voice_id) on public.videos to authenticated;
grant update (title, template, format, fps, props, voice_id) on public.videos to authenticated;

-- A change to what the editor edits bumps the version and records who made it; status and output
-- changes (the renderer, with the service key) only touch updated_at, so they never look like a
-- conflicting edit to an open editor.
create or replace function private.videos_before_update() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.version := old.version;
  if (new.title, new.template, new.format, new.fps, new.props, new.voice_id)
     is distinct from (old.title, old.template, old.format, old.fps, old.props, old.voice_id) then
    new.version := old.version + 1;
    new.updated_by := (select auth.uid());
  else
    new.updated_by := old.updated_by;
  end if;
  new.updated_at := now();
  return new;
end
$$;

create trigger videos_before_update before update on public.videos
  for each row execute function private.videos_before_update();

create or replace function private.videos_before_insert() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.version := 1;
  new.updated_by := (select auth.uid());
  return new;
end
$$;

create trigger videos_before_insert before insert on public.videos
  for each row execute function private.videos_before_insert();

revoke all on all functions in schema private from public, anon;
grant execute on function private.video_props_ok(jsonb), private.video_media_refs_ok(jsonb, uuid), private.new_share_id()
  to authenticated, service_role;

create policy videos_select on public.videos for select to authenticated
  using (team_id in (select private.member_team_ids()) or (select private.is_admin()));
create policy videos_insert on public.videos for insert to authenticated
  with check (team_id in (select private.member_team_ids()));
create policy videos_update on public.videos for update to authenticated
  using (team_id in (select private.member_team_ids())) with check (team_id in (select private.member_team_ids()));
create policy videos_delete on public.videos for delete to authenticated
  using (team_id in (select private.member_team_ids()));

-- the editor and the video page follow status changes (rendering → ready) live
alter publication supabase_realtime add table public.videos;
