-- Issue 24 item 1 (high): a share page must never sign a file the video's team does not own.
--
-- private.storage_path_ok judged the path as written, but the path is later put into a URL, and
-- URL parsers and the storage server decode it: `{team A}/%2e%2e/{team B}/photo.jpg` passed the
-- check and was signed (by the public share page, with the service key) as `{team B}/photo.jpg`;
-- `{team A}/%2e%2e/%2e%2e/renders/…` left the media bucket altogether. And `media:\t{team B}/…` was
-- not a reference for the database (a tab is white space) while the app read it as one, and a URL
-- parser drops tabs and newlines. So, from here:
--
--  * a stored path is made only of the characters Supabase Storage accepts in an object key
--    (letters, digits and _ . / ! * ' ( ) & $ @ = ; : + , -), without `?` (it starts a query string
--    in a URL built from the path) and without space: no `%` at all (nothing is ever decoded, so
--    `%2e`, `%252e`, `%2f`, `%5c`, `%00`, a trailing `%` are all refused), no backslash, no control
--    character, nothing beyond ASCII (fullwidth dots and solidi, one-dot leaders, NBSP); still inside
--    the owner's folder, with no empty, `.` or `..` segment. Storage keys cannot hold anything else,
--    so no real file is shut out, and every app-made path ([\w.-] names, uuids) fits.
--  * a `media:` reference is any string "media:" followed by anything but a space (a caption like
--    "media: coverage" is still text); the app's isMediaRef says the same (lib/videos/media-refs.ts).
--
-- Every `*_path_safe`, `*_media_refs*`, `*_within` and trial check calls these functions, so they all
-- tighten at once; the loop at the end lists them from the catalogue and proves every row obeys.
--
-- Rows stored before this migration: a constraint is not re-run when the function it calls changes,
-- so bad rows would linger (and block every later update of their row). They are cleaned here, then
-- checked: a path that breaks the rule is set to null where the column allows it (avatars, agents'
-- photo and logo, thumbnails, video outputs (and the video unshared), render files, voice samples),
-- the row is deleted where the path is the row (a media_assets row naming no real file), a
-- trial photo leaves the project's list, and a hostile reference leaves the props (an object's key is
-- removed, an array's element becomes null; the app then shows the video as needing repair).

create or replace function private.storage_path_ok(p_path text, p_prefix text) returns boolean
language sql immutable set search_path = '' as $$
  select p_path is null or (
    char_length(p_path) <= 1024
    and starts_with(p_path, p_prefix || '/')
    and char_length(p_path) > char_length(p_prefix) + 1
    and p_path ~ '^[A-Za-z0-9_./!*''()&$@=;:+,-]+$'
    and p_path !~ '(^|/)\.{1,2}(/|$)'
    and p_path !~ '//'
  );
$$;

-- Every media: reference in a props document must point inside `p_prefix`.
create or replace function private.media_refs_within(p jsonb, p_prefix text) returns boolean
language sql immutable set search_path = '' as $$
  select not exists (
    select 1
    from jsonb_path_query(p, 'strict $.**') as v(value)
    where jsonb_typeof(v.value) = 'string'
      and (v.value #>> '{}') ~ '^media:[^ ]'
      and not private.storage_path_ok(substr(v.value #>> '{}', 7), p_prefix)
  );
$$;

-- The public read of a shared video also answers its team, so the share page can check, at the
-- moment it signs, that every file lies in that team's folder (lib/media/signable.ts). The team id
-- was already public through output_path (`{team}/renders/…`) and the agent's references.
drop function public.shared_video(text);
create function public.shared_video(p_share_id text)
returns table (
  video_id uuid, team_id uuid, share_id text, title text, format text, listing jsonb, agent jsonb, brand_color text,
  output_path text, poster_path text, output_codec text, updated_at timestamptz
)
language sql stable security definer set search_path = '' as $$
  select v.id, v.team_id, v.share_id, v.title, v.format, v.props -> 'listing', v.props -> 'agent', v.props ->> 'brandColor',
         v.output_path, v.thumbnail_path, v.output_codec, v.updated_at
  from public.videos v
  where p_share_id ~ '^[A-Za-z0-9_-]{12,64}$'
    and v.share_id = p_share_id and v.is_shared and v.output_path is not null
$$;
revoke all on function public.shared_video(text) from public;
grant execute on function public.shared_video(text) to anon, authenticated, service_role;

-- existing rows ------------------------------------------------------------------------------------

-- A `media:` reference (a JSON string) that leaves `p_prefix` (used only below, then dropped).
create function private.is_unsafe_ref(v jsonb, p_prefix text) returns boolean
language sql immutable set search_path = '' as $$
  select jsonb_typeof(v) = 'string' and (v #>> '{}') ~ '^media:[^ ]'
    and not coalesce(private.storage_path_ok(substr(v #>> '{}', 7), p_prefix), true);
$$;

-- The props without the references that leave `p_prefix` (used only below, then dropped).
create function private.props_without_unsafe_refs(p jsonb, p_prefix text) returns jsonb
language plpgsql immutable set search_path = '' as $$
declare
  v_out jsonb;
  v_key text;
  v_val jsonb;
begin
  if jsonb_typeof(p) = 'object' then
    v_out := '{}'::jsonb;
    for v_key, v_val in select e.key, e.value from jsonb_each(p) as e loop
      if not private.is_unsafe_ref(v_val, p_prefix) then
        v_out := v_out || jsonb_build_object(v_key, private.props_without_unsafe_refs(v_val, p_prefix));
      end if;
    end loop;
    return v_out;
  elsif jsonb_typeof(p) = 'array' then
    v_out := '[]'::jsonb;
    for v_val in select a.value from jsonb_array_elements(p) with ordinality as a(value, n) order by a.n loop
      v_out := v_out || jsonb_build_array(
        case when private.is_unsafe_ref(v_val, p_prefix) then 'null'::jsonb else private.props_without_unsafe_refs(v_val, p_prefix) end
      );
    end loop;
    return v_out;
  end if;
  return p;
end
$$;

update public.profiles set avatar_path = null where not private.storage_path_ok(avatar_path, id::text);

update public.agents
set photo_path = case when private.storage_path_ok(photo_path, team_id::text) then photo_path end,
    logo_path = case when private.storage_path_ok(logo_path, team_id::text) then logo_path end
where not private.storage_path_ok(photo_path, team_id::text) or not private.storage_path_ok(logo_path, team_id::text);

delete from public.media_assets where not private.storage_path_ok(path, team_id::text);
update public.media_assets set thumb_path = null where not private.storage_path_ok(thumb_path, team_id::text || '/thumbs');

-- one statement per table: a row is checked whole, so all of its bad columns are mended together
update public.videos
set props = case when private.video_media_refs_ok(props, team_id) then props else private.props_without_unsafe_refs(props, team_id::text) end,
    output_path = case when private.storage_path_ok(output_path, team_id::text) then output_path end,
    thumbnail_path = case when private.storage_path_ok(thumbnail_path, team_id::text) then thumbnail_path end,
    is_shared = is_shared and private.storage_path_ok(output_path, team_id::text),
    showcase = case when private.storage_path_ok(output_path, team_id::text) then showcase else 'none' end
where not private.video_media_refs_ok(props, team_id)
   or not private.storage_path_ok(output_path, team_id::text) or not private.storage_path_ok(thumbnail_path, team_id::text);

update public.voices set sample_path = null where not private.storage_path_ok(sample_path, 'samples');

-- render runs: a team run's files and snapshot stay in the team's folder, a trial run's in trials/{visitor}
update public.render_runs r
set output_path = case when private.storage_path_ok(r.output_path, f.folder) then r.output_path end,
    poster_path = case when private.storage_path_ok(r.poster_path, f.folder) then r.poster_path end,
    captions_srt_path = case when private.storage_path_ok(r.captions_srt_path, f.folder) then r.captions_srt_path end,
    captions_vtt_path = case when private.storage_path_ok(r.captions_vtt_path, f.folder) then r.captions_vtt_path end,
    props = private.props_without_unsafe_refs(r.props, f.folder)
from (
  select x.id, coalesce(x.team_id::text, 'trials/' || x.requested_by::text) as folder from public.render_runs x
) as f
where f.id = r.id and f.folder is not null and (
  not private.storage_path_ok(r.output_path, f.folder) or not private.storage_path_ok(r.poster_path, f.folder)
  or not private.storage_path_ok(r.captions_srt_path, f.folder) or not private.storage_path_ok(r.captions_vtt_path, f.folder)
  or not private.media_refs_within(r.props, f.folder)
);

update public.trial_projects t
set photos = array(
      select p from unnest(t.photos) with ordinality as u(p, n)
      where p is not null and private.storage_path_ok(p, 'trials/' || t.owner_id::text) order by n
    ),
    props = case when t.props is null then null else private.props_without_unsafe_refs(t.props, 'trials/' || t.owner_id::text) end
where not private.paths_within(t.photos, 'trials/' || t.owner_id::text)
   or (t.props is not null and not private.media_refs_within(t.props, 'trials/' || t.owner_id::text));

drop function private.props_without_unsafe_refs(jsonb, text);
drop function private.is_unsafe_ref(jsonb, text);

-- Proof: every check constraint that calls the path functions holds for every row, found from the
-- catalogue (so a constraint added elsewhere is covered too). A row still breaking one stops the migration.
do $$
declare
  c record;
  v_bad bigint;
  v_checked integer := 0;
begin
  for c in
    select con.conrelid::regclass as tbl, con.conname, pg_get_expr(con.conbin, con.conrelid) as expr
    from pg_constraint con
    join pg_namespace ns on ns.oid = con.connamespace
    where con.contype = 'c' and ns.nspname = 'public'
      and pg_get_expr(con.conbin, con.conrelid) ~ '(storage_path_ok|media_refs_within|paths_within|video_media_refs_ok)'
  loop
    execute format('select count(*) from %s where not coalesce((%s), true)', c.tbl, c.expr) into v_bad;
    if v_bad > 0 then
      raise exception '% row(s) of % still break %', v_bad, c.tbl, c.conname;
    end if;
    v_checked := v_checked + 1;
  end loop;
  if v_checked < 15 then
    raise exception 'expected the path constraints, found only %', v_checked;
  end if;
end
$$;
