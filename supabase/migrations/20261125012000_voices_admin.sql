-- Issue 14: the voice catalogue managed in /admin/dev/voices, every change audited.
--
-- Until now a site administrator wrote `voices` with plain table writes (insert/update/delete
-- policies), which nothing recorded. Those grants and policies go: every admin change is one of the
-- security-definer functions below, which check the caller themselves, do the write and call
-- private.audit() in the same transaction (an action without its record cannot happen). Functions
-- rather than an audit trigger because the actions are more than row writes: a move renumbers two
-- rows under one lock, a delete first proves the voice is unused, a sample must name a stored file of
-- that voice, and each is recorded under its own name (voice.move, voice.sample_set…) with what
-- changed. The service key (seeding, scripts) keeps its table privileges and is not an admin action.
--
-- Teams read only active voices: the select policies from 20261122002000_videos.sql stay (visitors
-- and members see `is_active` rows; site administrators see all).

-- writes through the functions only ---------------------------------------------------------------
drop policy voices_insert on public.voices;
drop policy voices_update on public.voices;
drop policy voices_delete on public.voices;
revoke insert, update, delete on public.voices from authenticated;

-- one catalogue entry per provider voice
create unique index voices_provider_voice_key on public.voices (provider, provider_voice_id);

-- storage: public `voices` bucket, samples under samples/{voice id}/ --------------------------------
-- VOICES in lib/constants.ts. Anyone plays a sample by its public URL; only site administrators write,
-- and only under samples/. application/octet-stream because a browser labels files by name: the app
-- sniffs every upload's bytes before a voice points at it and deletes what is not audio.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('voices', 'voices', true, 5242880, array[
  'audio/mpeg', 'audio/wav', 'audio/x-wav', 'audio/mp4', 'audio/x-m4a', 'audio/aac', 'audio/ogg',
  'application/octet-stream'
])
on conflict (id) do update set
  public = excluded.public,
  file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

-- listing, upsert and download go through select; public URLs do not need it
create policy voices_samples_select on storage.objects for select to authenticated
  using (bucket_id = 'voices' and (select private.is_admin()));
create policy voices_samples_insert on storage.objects for insert to authenticated
  with check (bucket_id = 'voices' and (select private.is_admin()) and private.storage_path_ok(name, 'samples'));
create policy voices_samples_update on storage.objects for update to authenticated
  using (bucket_id = 'voices' and (select private.is_admin()))
  with check (bucket_id = 'voices' and (select private.is_admin()) and private.storage_path_ok(name, 'samples'));
create policy voices_samples_delete on storage.objects for delete to authenticated
  using (bucket_id = 'voices' and (select private.is_admin()));

-- helpers -------------------------------------------------------------------------------------------
create or replace function private.require_voice_admin() returns void
language plpgsql stable set search_path = '' as $$
begin
  if not coalesce(private.is_admin(), false) then
    raise exception 'Only administrators can manage voices' using errcode = '42501';
  end if;
end
$$;

-- The voice row locked for a change, or the not-found message.
create or replace function private.voice_for_update(p_voice_id uuid) returns public.voices
language plpgsql set search_path = '' as $$
declare
  v public.voices;
begin
  select * into v from public.voices where id = p_voice_id for update;
  if not found then
    raise exception 'That voice no longer exists. Reload the page.' using errcode = 'P0001';
  end if;
  return v;
end
$$;

-- Sentences for the table's checks, so the admin form shows what to fix instead of a constraint name.
create or replace function private.voice_fields_ok(
  p_name text, p_language text, p_gender text, p_provider text, p_provider_voice_id text
) returns void
language plpgsql immutable set search_path = '' as $$
begin
  if p_name is null or char_length(btrim(p_name)) not between 1 and 80 then
    raise exception 'Give the voice a name of 1 to 80 characters' using errcode = 'P0001';
  end if;
  if p_language is null or p_language !~ '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$' then
    raise exception 'Give the language as a BCP-47 tag such as en-US or pt-BR' using errcode = 'P0001';
  end if;
  if p_gender is null or p_gender not in ('female', 'male', 'neutral') then
    raise exception 'Choose female, male or neutral' using errcode = 'P0001';
  end if;
  if p_provider is null or p_provider !~ '^[a-z0-9][a-z0-9_-]{0,39}$' then
    raise exception 'Give the provider as a short lower-case name such as flite' using errcode = 'P0001';
  end if;
  if p_provider_voice_id is null or char_length(btrim(p_provider_voice_id)) not between 1 and 200 then
    raise exception 'Give the provider''s voice id (1 to 200 characters)' using errcode = 'P0001';
  end if;
end
$$;

-- admin functions -------------------------------------------------------------------------------------
create or replace function public.admin_create_voice(
  p_name text, p_language text, p_gender text, p_provider text, p_provider_voice_id text, p_is_active boolean default true
) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  v_id uuid;
begin
  perform private.require_voice_admin();
  perform private.voice_fields_ok(p_name, p_language, p_gender, p_provider, p_provider_voice_id);
  -- new voices go last; the lock keeps two creates (or a create and a move) from sharing a place
  lock table public.voices in share row exclusive mode;
  begin
    insert into public.voices (name, language, gender, provider, provider_voice_id, is_active, sort_order)
    values (btrim(p_name), p_language, p_gender, p_provider, btrim(p_provider_voice_id), coalesce(p_is_active, true),
            (select coalesce(max(sort_order), 0) + 1 from public.voices))
    returning id into v_id;
  exception when unique_violation then
    raise exception 'The catalogue already has % voice “%”', p_provider, btrim(p_provider_voice_id) using errcode = 'P0001';
  end;
  perform private.audit('voice.create', null, null, jsonb_build_object(
    'voice_id', v_id, 'name', btrim(p_name), 'language', p_language, 'gender', p_gender,
    'provider', p_provider, 'provider_voice_id', btrim(p_provider_voice_id), 'is_active', coalesce(p_is_active, true)));
  return v_id;
end
$$;

create or replace function public.admin_update_voice(
  p_voice_id uuid, p_name text, p_language text, p_gender text, p_provider text, p_provider_voice_id text
) returns void
language plpgsql security definer set search_path = '' as $$
declare
  v_old public.voices;
  v_new public.voices;
  v_changes jsonb;
begin
  perform private.require_voice_admin();
  perform private.voice_fields_ok(p_name, p_language, p_gender, p_provider, p_provider_voice_id);
  v_old := private.voice_for_update(p_voice_id);
  begin
    update public.voices
    set name = btrim(p_name), language = p_language, gender = p_gender, provider = p_provider,
        provider_voice_id = btrim(p_provider_voice_id)
    where id = p_voice_id
    returning * into v_new;
  exception when unique_violation then
    raise exception 'The catalogue already has % voice “%”', p_provider, btrim(p_provider_voice_id) using errcode = 'P0001';
  end;
  -- only what changed, as [before, after]
  select coalesce(jsonb_object_agg(o.key, jsonb_build_array(o.value, n.value)), '{}'::jsonb) into v_changes
  from jsonb_each(to_jsonb(v_old)) o
  join jsonb_each(to_jsonb(v_new)) n using (key)
  where o.key in ('name', 'language', 'gender', 'provider', 'provider_voice_id') and o.value is distinct from n.value;
  perform private.audit('voice.update', null, null,
    jsonb_build_object('voice_id', p_voice_id, 'name', v_new.name, 'changes', v_changes));
end
$$;

create or replace function public.admin_set_voice_active(p_voice_id uuid, p_is_active boolean) returns void
language plpgsql security definer set search_path = '' as $$
declare
  v public.voices;
begin
  perform private.require_voice_admin();
  if p_is_active is null then
    raise exception 'Say whether the voice is active' using errcode = 'P0001';
  end if;
  v := private.voice_for_update(p_voice_id);
  update public.voices set is_active = p_is_active where id = p_voice_id;
  perform private.audit(case when p_is_active then 'voice.activate' else 'voice.deactivate' end, null, null,
    jsonb_build_object('voice_id', p_voice_id, 'name', v.name, 'was_active', v.is_active));
end
$$;

-- Moves a voice one place up (earlier) or down in the order teams see. The catalogue is renumbered
-- 1..n first, so ties and gaps left by deletes never make a move do nothing.
create or replace function public.admin_move_voice(p_voice_id uuid, p_direction text) returns void
language plpgsql security definer set search_path = '' as $$
declare
  v public.voices;
  v_from integer;
  v_to integer;
  v_count integer;
  v_other uuid;
begin
  perform private.require_voice_admin();
  if p_direction is null or p_direction not in ('up', 'down') then
    raise exception 'Move a voice up or down' using errcode = 'P0001';
  end if;
  lock table public.voices in share row exclusive mode;
  v := private.voice_for_update(p_voice_id);
  update public.voices t set sort_order = r.position
  from (select id, row_number() over (order by sort_order, name, id)::integer as position from public.voices) r
  where t.id = r.id and t.sort_order is distinct from r.position;
  select sort_order into v_from from public.voices where id = p_voice_id;
  select count(*) into v_count from public.voices;
  v_to := v_from + case when p_direction = 'up' then -1 else 1 end;
  if v_to < 1 or v_to > v_count then
    raise exception '% is already %', v.name, case when p_direction = 'up' then 'first' else 'last' end using errcode = 'P0001';
  end if;
  select id into v_other from public.voices where sort_order = v_to;
  update public.voices set sort_order = v_from where id = v_other;
  update public.voices set sort_order = v_to where id = p_voice_id;
  perform private.audit('voice.move', null, null,
    jsonb_build_object('voice_id', p_voice_id, 'name', v.name, 'direction', p_direction, 'from', v_from, 'to', v_to));
end
$$;

-- Points a voice at its sample (a stored object under samples/{voice id}/ in the voices bucket), or at
-- none. Answers the path it replaced, so the app can remove that file.
create or replace function public.admin_set_voice_sample(p_voice_id uuid, p_sample_path text) returns text
language plpgsql security definer set search_path = '' as $$
declare
  v public.voices;
begin
  perform private.require_voice_admin();
  v := private.voice_for_update(p_voice_id);
  if p_sample_path is not null then
    if not private.storage_path_ok(p_sample_path, 'samples/' || p_voice_id::text) then
      raise exception 'A sample must be stored under samples/%/', p_voice_id using errcode = 'P0001';
    end if;
    if not exists (select 1 from storage.objects o where o.bucket_id = 'voices' and o.name = p_sample_path) then
      raise exception 'That sample file is not stored. Upload it again.' using errcode = 'P0001';
    end if;
  end if;
  if p_sample_path is not distinct from v.sample_path then
    return null;
  end if;
  update public.voices set sample_path = p_sample_path where id = p_voice_id;
  perform private.audit(case when p_sample_path is null then 'voice.sample_remove' else 'voice.sample_set' end, null, null,
    jsonb_build_object('voice_id', p_voice_id, 'name', v.name, 'sample_path', p_sample_path, 'replaced', v.sample_path));
  return v.sample_path;
end
$$;

-- How many videos and live (unexpired, unkept) trial projects use each voice: the admin list shows it,
-- and a voice in use cannot be deleted.
create or replace function public.admin_voice_usage()
returns table (voice_id uuid, videos integer, trials integer)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_voice_admin();
  return query
  select v.id,
    (select count(*)::integer from public.videos x where x.voice_id = v.id),
    (select count(*)::integer from public.trial_projects t
      where t.voice_id = v.id and t.expires_at > now() and t.claimed_video_id is null)
  from public.voices v;
end
$$;

-- Deletes a voice nobody uses. The row lock conflicts with the key-share lock a new video's foreign
-- key takes, so a video cannot pick the voice between the count and the delete. Answers the sample
-- path, for the app to remove the file.
create or replace function public.admin_delete_voice(p_voice_id uuid) returns text
language plpgsql security definer set search_path = '' as $$
declare
  v public.voices;
  v_videos integer;
  v_trials integer;
begin
  perform private.require_voice_admin();
  v := private.voice_for_update(p_voice_id);
  select count(*) into v_videos from public.videos x where x.voice_id = p_voice_id;
  select count(*) into v_trials from public.trial_projects t
    where t.voice_id = p_voice_id and t.expires_at > now() and t.claimed_video_id is null;
  if v_videos > 0 or v_trials > 0 then
    raise exception '% is used by %; deactivate it instead, so teams no longer see it and those keep working', v.name,
      concat_ws(' and ',
        case when v_videos = 1 then '1 video' when v_videos > 1 then v_videos || ' videos' end,
        case when v_trials = 1 then '1 trial project' when v_trials > 1 then v_trials || ' trial projects' end)
      using errcode = 'P0001';
  end if;
  delete from public.voices where id = p_voice_id;
  perform private.audit('voice.delete', null, null, jsonb_build_object(
    'voice_id', p_voice_id, 'name', v.name, 'language', v.language, 'provider', v.provider,
    'provider_voice_id', v.provider_voice_id, 'sample_path', v.sample_path));
  return v.sample_path;
end
$$;

revoke all on function private.require_voice_admin(), private.voice_for_update(uuid),
  private.voice_fields_ok(text, text, text, text, text) from public, anon, authenticated;

revoke all on function
  public.admin_create_voice(text, text, text, text, text, boolean),
  public.admin_update_voice(uuid, text, text, text, text, text),
  public.admin_set_voice_active(uuid, boolean),
  public.admin_move_voice(uuid, text),
  public.admin_set_voice_sample(uuid, text),
  public.admin_voice_usage(),
  public.admin_delete_voice(uuid)
  from public, anon;
grant execute on function
  public.admin_create_voice(text, text, text, text, text, boolean),
  public.admin_update_voice(uuid, text, text, text, text, text),
  public.admin_set_voice_active(uuid, boolean),
  public.admin_move_voice(uuid, text),
  public.admin_set_voice_sample(uuid, text),
  public.admin_voice_usage(),
  public.admin_delete_voice(uuid)
  to authenticated;
