-- Issue 16, speech: every scene narration the app synthesises, kept per team by (voice, text) so
-- an unchanged scene is never spoken twice (lib/narration/clips.ts, docs/narration.md).
--
-- The audio sits in the team's private `media` bucket at {team}/narration/{text_hash}.{wav|mp3};
-- the existing media policies already let members read and write their team's folder. This table
-- remembers what each file is: the voice, the hash of (voice, provider, provider voice, text), the
-- measured length and the word timings. Members read their team's rows and add rows as themselves;
-- nobody changes or deletes a row through the API (a row is a fact about a file; the team's removal
-- or the voice's deletion takes the rows with it).

create table public.narration_clips (
  id uuid primary key default gen_random_uuid(),
  team_id uuid not null references public.teams (id) on delete cascade,
  voice_id uuid not null references public.voices (id) on delete cascade,
  text_hash text not null check (text_hash ~ '^[0-9a-f]{64}$'),
  path text not null check (
    private.storage_path_ok(path, team_id::text || '/narration') and path ~ '^[0-9a-f-]{36}/narration/[0-9a-f]{64}\.(wav|mp3)$'
  ),
  mime text not null check (mime in ('audio/wav', 'audio/mpeg')),
  seconds double precision not null check (seconds > 0 and seconds <= 120),
  timing text not null check (timing in ('provider', 'estimated')),
  words jsonb not null default '[]'::jsonb check (jsonb_typeof(words) = 'array' and jsonb_array_length(words) <= 300 and octet_length(words::text) <= 40000),
  created_by uuid default auth.uid() references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint narration_clips_key unique (team_id, voice_id, text_hash)
);
create index narration_clips_voice_idx on public.narration_clips (voice_id);

alter table public.narration_clips enable row level security;
revoke all on public.narration_clips from anon, authenticated;
grant select on public.narration_clips to authenticated;
grant insert (team_id, voice_id, text_hash, path, mime, seconds, timing, words) on public.narration_clips to authenticated;

create policy narration_clips_select on public.narration_clips for select to authenticated
  using (team_id in (select private.member_team_ids()));
-- a member adds a clip of their own team, as themselves (created_by defaults to auth.uid())
create policy narration_clips_insert on public.narration_clips for insert to authenticated
  with check (team_id in (select private.member_team_ids()) and created_by = (select auth.uid()));
