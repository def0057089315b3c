-- Issue 24, item 2: the render worker fetches only what it should. A picture or track in a video's
-- (or a trial's) props is a `media:` reference to the team's own file, or one of the app's bundled
-- files (`/remotion/samples/<file>`, `/music/<file>`): never a URL. Before this, any http(s) URL in
-- props was fetched by the worker from inside the network (a visitor made it GET
-- http://127.0.0.1:<port>/internal/secret.jpg and the answer was in the MP4). The app's schema
-- (remotion/media-sources.ts, the same two patterns) refuses them with a sentence; this is the same
-- rule for writes that go straight to the REST API. Where a reference may point (the team's folder)
-- is another check (private.video_media_refs_ok / media_refs_within); this one only says what kind
-- of source a media field may hold.

-- The media fields (scene photos and their narration clips, the agent's photo and logo, music and
-- narration): every string there is a `media:` reference or a bundled file. A value of another type
-- is not an address anyone can be sent to (the app's schema refuses it and the row reads as "needs
-- repair", as before). Free text (captions, features, the address) may contain anything: the
-- templates never load it.
create or replace function private.video_media_sources_ok(p jsonb) returns boolean
language sql immutable set search_path = '' as $$
  select not exists (
    select 1
    from unnest(array[
      'lax $.scenes[*].src', 'lax $.scenes[*].narration.src', 'lax $.agent.photoSrc', 'lax $.agent.logoSrc',
      'lax $.music.src', 'lax $.narration.src'
    ]::jsonpath[]) as paths(path)
    cross join lateral jsonb_path_query(p, paths.path) as v(value)
    where jsonb_typeof(v.value) = 'string'
      and (
        char_length(v.value #>> '{}') > 2048
        or not (
          (v.value #>> '{}') ~ '^media:\S'
          or (v.value #>> '{}') ~ '^/(remotion/samples|music)/[A-Za-z0-9][A-Za-z0-9_.-]{0,120}$'
        )
      )
  );
$$;
-- (executable by the roles that write the tables, as the other check functions: a check constraint
-- runs as the writer; the private schema is not exposed through the API)

-- Trial projects: a drafted video that breaks the rule is dropped (the visitor drafts it again on the
-- video step, as after changing the photos); then the check holds for every row.
update public.trial_projects set props = null
  where props is not null and not private.video_media_sources_ok(props);
alter table public.trial_projects
  add constraint trial_projects_media_sources check (props is null or private.video_media_sources_ok(props));

-- Videos: a team's props cannot be redrafted here without losing the team's edits, so the check is
-- added NOT VALID (every insert and update is checked; rows already stored are not) and validated at
-- once when no stored row breaks it (a fresh database, and any database where nobody used a URL).
-- A row that breaks it reads as "needs repair" in the app (the template's schema refuses it), the
-- repair redrafts its props from the listing, and no render can be queued for it (queue_render
-- updates the row, which the check refuses).
alter table public.videos
  add constraint videos_media_sources check (private.video_media_sources_ok(props)) not valid;
do $$
begin
  if not exists (select 1 from public.videos v where not private.video_media_sources_ok(v.props)) then
    alter table public.videos validate constraint videos_media_sources;
  else
    raise notice 'videos_media_sources stays NOT VALID: some stored videos use a URL as a media source (they show "needs repair")';
  end if;
end
$$;

-- Render runs are snapshots copied by the SQL functions from rows the checks above hold for; they get
-- no constraint of their own on purpose: a run queued before this migration with a URL in its props
-- must still be failable and refundable (fail_render_run updates the row). The worker refuses such a
-- run before it fetches anything (lib/render/media-sources.ts), and its fetcher refuses every origin
-- but the configured Supabase project's (lib/security/safe-fetch.ts).
