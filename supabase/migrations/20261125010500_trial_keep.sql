-- Issue 13, keeping the trial. Signing up converts the visitor's anonymous account (same user id),
-- so their trial projects stay theirs; this brings one into a team as a listing with its photos and
-- a video. The app copies the files first (trials/{user}/… → the team's folder, as the user, under the
-- storage policies); this function then checks everything and writes every row in one transaction.
-- docs/try.md ("Keeping the trial") explains the order.

-- A props document with its media references moved: each string `media:{old}` whose {old} is a key of
-- p_map becomes `media:{p_map ->> old}`; everything else (captions, other references) is kept as it is.
create or replace function private.media_refs_moved(p jsonb, p_map jsonb) returns jsonb
language plpgsql immutable set search_path = '' as $$
begin
  case jsonb_typeof(p)
    when 'object' then
      return (select coalesce(jsonb_object_agg(e.key, private.media_refs_moved(e.value, p_map)), '{}'::jsonb) from jsonb_each(p) as e);
    when 'array' then
      return (
        select coalesce(jsonb_agg(private.media_refs_moved(a.value, p_map) order by a.ord), '[]'::jsonb)
        from jsonb_array_elements(p) with ordinality as a(value, ord)
      );
    when 'string' then
      if (p #>> '{}') like 'media:%' and p_map ? substr(p #>> '{}', 7) then
        return to_jsonb('media:' || (p_map ->> substr(p #>> '{}', 7)));
      end if;
      return p;
    else
      return p;
  end case;
end
$$;

-- Brings a trial project into a team: a draft listing from the property step, its photos (the copies
-- the app made, p_photos[i] for the project's photos[i], at {team}/listings/{listing}/{upload}/{name}
-- with their thumbnails at {team}/thumbs/{upload}.webp), and a video with the trial's template,
-- format, voice and props (references moved to the copies, no watermark). The project is then marked
-- kept (claimed_video_id), so it is imported once and never purged.
-- The caller: signed in, not anonymous, the project's owner, a member of the team (any member may add
-- listings and videos: the listings and videos policies). The project: live, not kept yet, its video
-- drafted. Every copy must exist in the media bucket and be a JPEG, PNG or WebP.
create or replace function public.import_trial_project(p_project_id uuid, p_team_id uuid, p_listing_id uuid, p_photos text[])
returns table (listing_id uuid, video_id uuid)
language plpgsql security definer set search_path = '' as $$
declare
  v_user uuid := (select auth.uid());
  v_project public.trial_projects;
  v_p jsonb;
  v_map jsonb := '{}'::jsonb;
  v_video uuid := gen_random_uuid();
  v_props jsonb;
  v_old text;
  v_new text;
  v_upload text;
  v_meta jsonb;
  v_mime text;
  v_thumb text;
  v_caption text;
  v_pattern text := '^' || p_team_id::text || '/listings/' || p_listing_id::text
    || '/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/[A-Za-z0-9_.-]{1,100}$';
begin
  if v_user is null or coalesce((select auth.jwt()) ->> 'is_anonymous', 'false') = 'true'
     or exists (select 1 from auth.users u where u.id = v_user and u.is_anonymous) then
    raise exception 'Create an account and confirm your email to keep your trial.' using errcode = '42501';
  end if;
  if p_team_id is null or not private.is_team_member(p_team_id) then
    raise exception 'You can only bring a trial into a team you belong to.' using errcode = '42501';
  end if;
  select * into v_project from public.trial_projects t where t.id = p_project_id for update;
  if not found or v_project.owner_id is distinct from v_user then
    raise exception 'That trial project no longer exists.' using errcode = 'P0001';
  end if;
  if v_project.claimed_video_id is not null then
    raise exception 'This trial is already in one of your teams.' using errcode = 'P0001';
  end if;
  if v_project.expires_at <= now() then
    raise exception 'This trial has expired (trials are kept for 7 days), so it can no longer be brought into a team.' using errcode = 'P0001';
  end if;
  if v_project.props is null or v_project.template is null or v_project.format is null then
    raise exception 'This trial has no video yet. Finish it on the trial pages first.' using errcode = 'P0001';
  end if;
  if p_listing_id is null or p_photos is null or cardinality(p_photos) <> cardinality(v_project.photos) or cardinality(p_photos) = 0 then
    raise exception 'The trial''s photos changed while they were copied. Try again.' using errcode = 'P0001';
  end if;

  v_p := v_project.property;
  begin
    insert into public.listings (
      id, team_id, status, offer, rent_period, property_type, title, address_line, city, region, postal_code,
      country, price, currency, bedrooms, bathrooms, floor_area, area_unit, created_by
    ) values (
      p_listing_id, p_team_id, 'draft', coalesce(v_p ->> 'offer', 'sale'),
      case when v_p ->> 'offer' = 'rent' then v_p ->> 'rentPeriod' end,
      coalesce(v_p ->> 'propertyType', 'house'),
      btrim(left(coalesce(nullif(btrim(v_p ->> 'title'), ''), v_project.title), 120)),
      btrim(v_p ->> 'addressLine'), btrim(v_p ->> 'city'),
      nullif(btrim(v_p ->> 'region'), ''), nullif(btrim(v_p ->> 'postalCode'), ''),
      upper(v_p ->> 'country'), (v_p ->> 'price')::numeric, upper(v_p ->> 'currency'),
      (v_p ->> 'bedrooms')::integer, (v_p ->> 'bathrooms')::numeric, (v_p ->> 'floorArea')::numeric,
      coalesce(v_p ->> 'areaUnit', 'sqm'), v_user
    );
  exception when invalid_text_representation or not_null_violation or check_violation or numeric_value_out_of_range then
    raise exception 'The trial''s property details are incomplete. Open the trial, save the property step again, then try again.' using errcode = 'P0001';
  end;

  for i in 1 .. cardinality(v_project.photos) loop
    v_old := v_project.photos[i];
    v_new := p_photos[i];
    v_upload := (regexp_match(v_new, v_pattern))[1];
    -- the same file name, in this listing's folder, under a fresh upload id
    if v_upload is null or regexp_replace(v_new, '^.*/', '') <> regexp_replace(v_old, '^.*/', '')
       or not private.storage_path_ok(v_new, p_team_id::text) or v_map ? v_old then
      raise exception 'The trial''s photos changed while they were copied. Try again.' using errcode = 'P0001';
    end if;
    select o.metadata into v_meta from storage.objects o where o.bucket_id = 'media' and o.name = v_new;
    if not found then
      raise exception 'The trial''s photos could not be copied into the team. Try again.' using errcode = 'P0001';
    end if;
    v_mime := lower(split_part(coalesce(v_meta ->> 'mimetype', ''), ';', 1));
    if v_mime not in ('image/jpeg', 'image/png', 'image/webp') then
      raise exception 'One of the trial''s photos is not a JPEG, PNG or WebP image. Remove it from the trial and try again.' using errcode = 'P0001';
    end if;
    v_thumb := p_team_id::text || '/thumbs/' || v_upload || '.webp';
    if not exists (select 1 from storage.objects o where o.bucket_id = 'media' and o.name = v_thumb) then
      v_thumb := null;
    end if;
    v_caption := nullif(btrim(left(v_p -> 'captions' ->> v_old, 200)), '');
    insert into public.media_assets (team_id, listing_id, kind, path, thumb_path, name, mime, bytes, caption, created_by)
    values (p_team_id, p_listing_id, 'photo', v_new, v_thumb, regexp_replace(v_new, '^.*/', ''), v_mime,
            coalesce((v_meta ->> 'size')::bigint, 0), v_caption, v_user);
    v_map := v_map || jsonb_build_object(v_old, v_new);
  end loop;

  v_props := private.media_refs_moved(v_project.props, v_map) - 'watermark';
  insert into public.videos (id, team_id, listing_id, title, template, format, fps, props, voice_id, created_by)
  values (
    v_video, p_team_id, p_listing_id, btrim(left(v_project.title, 120)), v_project.template, v_project.format,
    coalesce((v_props ->> 'fps')::integer, 30), v_props, v_project.voice_id, v_user
  );
  update public.trial_projects t set claimed_video_id = v_video where t.id = p_project_id;
  return query select p_listing_id, v_video;
end
$$;
revoke all on function public.import_trial_project(uuid, uuid, uuid, text[]) from public, anon;
grant execute on function public.import_trial_project(uuid, uuid, uuid, text[]) to authenticated;
revoke all on function private.media_refs_moved(jsonb, jsonb) from public, anon;

-- The name typed at sign-up reaches the profile when the anonymous account becomes permanent (its new
-- address confirmed): profiles.full_name is otherwise read from the metadata only when the user is made.
create or replace function private.handle_user_made_permanent() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.profiles p
  set full_name = left(nullif(btrim(new.raw_user_meta_data ->> 'full_name'), ''), 120)
  where p.id = new.id and p.full_name is null;
  return new;
end
$$;

create trigger on_auth_user_made_permanent
  after update of is_anonymous on auth.users
  for each row when (old.is_anonymous and not new.is_anonymous)
  execute function private.handle_user_made_permanent();
