-- Listings ("props"), the team's agents and the media library, plus the private `media` bucket.
-- Same habits as the foundation: RLS on right after each table, policies through private helpers,
-- column-level grants so a forbidden write fails loudly (42501) instead of matching no rows.
-- Limits repeat lib/constants.ts (LISTING, AGENT, MEDIA); tests/integration/listings assert they agree.

create extension if not exists pg_trgm with schema extensions;

-- agents ----------------------------------------------------------------------------------------
create table public.agents (
  id uuid primary key default gen_random_uuid(),
  team_id uuid not null references public.teams (id) on delete cascade,
  full_name text not null check (char_length(full_name) between 1 and 120 and full_name = btrim(full_name)),
  title text check (char_length(title) <= 120),
  email text check (char_length(email) <= 254 and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  phone text check (char_length(phone) <= 40),
  brokerage text check (char_length(brokerage) <= 120),
  license_no text check (char_length(license_no) <= 60),
  -- storage paths in the `media` bucket, always inside the team's own folder
  photo_path text check (photo_path like team_id::text || '/%'),
  logo_path text check (logo_path like team_id::text || '/%'),
  brand_color text check (brand_color ~ '^#[0-9a-f]{6}$'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- target of the composite foreign keys that keep a listing's agent inside the listing's team
  unique (id, team_id)
);
alter table public.agents enable row level security;
create index agents_team_name_idx on public.agents (team_id, full_name);
revoke all on public.agents from anon, authenticated;
grant select, delete on public.agents to authenticated;
grant insert (team_id, full_name, title, email, phone, brokerage, license_no, photo_path, logo_path, brand_color)
  on public.agents to authenticated;
grant update (full_name, title, email, phone, brokerage, license_no, photo_path, logo_path, brand_color)
  on public.agents to authenticated;

create trigger agents_touch_updated_at before update on public.agents
  for each row execute function private.touch_updated_at();

-- listings --------------------------------------------------------------------------------------
-- Each feature tag 1–40 characters (a check constraint cannot hold a subquery; a function can).
create or replace function private.listing_features_ok(p_features text[]) returns boolean
language sql immutable set search_path = '' as $$
  select cardinality(p_features) <= 30
    and coalesce((select bool_and(char_length(f) between 1 and 40) from unnest(p_features) as f), true);
$$;

create table public.listings (
  id uuid primary key default gen_random_uuid(),
  team_id uuid not null references public.teams (id) on delete cascade,
  agent_id uuid,
  status text not null default 'draft'
    check (status in ('draft', 'active', 'under_offer', 'sold', 'archived')),
  offer text not null default 'sale' check (offer in ('sale', 'rent')),
  rent_period text check (rent_period in ('week', 'month', 'year')),
  property_type text not null default 'house'
    check (property_type in ('house', 'apartment', 'townhouse', 'land', 'commercial', 'other')),
  title text not null check (char_length(title) between 1 and 120 and title = btrim(title)),
  address_line text not null check (char_length(address_line) between 1 and 200 and address_line = btrim(address_line)),
  city text not null check (char_length(city) between 1 and 100 and city = btrim(city)),
  region text check (char_length(region) <= 100),
  postal_code text check (char_length(postal_code) <= 20),
  country text not null check (country ~ '^[A-Z]{2}$'),
  price numeric(14, 2) check (price >= 0),
  currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$'),
  bedrooms integer check (bedrooms between 0 and 99),
  bathrooms numeric(3, 1) check (bathrooms between 0 and 99 and bathrooms * 2 = trunc(bathrooms * 2)),
  floor_area numeric(10, 2) check (floor_area > 0),
  area_unit text not null default 'sqm' check (area_unit in ('sqm', 'sqft')),
  year_built integer check (year_built between 1600 and 2100),
  description text check (char_length(description) <= 5000),
  features text[] not null default '{}' check (private.listing_features_ok(features)),
  cover_asset_id uuid,
  created_by uuid default auth.uid() references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- one lower-cased haystack for the list's search box, served by a trigram index
  search_text text generated always as (lower(title || ' ' || address_line || ' ' || city)) stored,
  -- a rent has a period, a sale has none
  constraint listings_rent_period check ((offer = 'rent') = (rent_period is not null)),
  -- the agent must belong to the same team; deleting the agent only clears agent_id
  constraint listings_agent_fkey foreign key (agent_id, team_id)
    references public.agents (id, team_id) on delete set null (agent_id),
  unique (id, team_id)
);
alter table public.listings enable row level security;
create index listings_team_status_created_idx on public.listings (team_id, status, created_at desc);
create index listings_team_created_idx on public.listings (team_id, created_at desc);
create index listings_agent_idx on public.listings (agent_id);
create index listings_search_trgm_idx on public.listings using gin (search_text extensions.gin_trgm_ops);
revoke all on public.listings from anon, authenticated;
grant select, delete on public.listings to authenticated;
grant insert (team_id, agent_id, status, offer, rent_period, property_type, title, address_line, city, region,
  postal_code, country, price, currency, bedrooms, bathrooms, floor_area, area_unit, year_built, description,
  features, cover_asset_id) on public.listings to authenticated;
grant update (agent_id, status, offer, rent_period, property_type, title, address_line, city, region,
  postal_code, country, price, currency, bedrooms, bathrooms, floor_area, area_unit, year_built, description,
  features, cover_asset_id) on public.listings to authenticated;

create trigger listings_touch_updated_at before update on public.listings
  for each row execute function private.touch_updated_at();

-- media_assets ----------------------------------------------------------------------------------
create table public.media_assets (
  id uuid primary key default gen_random_uuid(),
  team_id uuid not null references public.teams (id) on delete cascade,
  listing_id uuid,
  kind text not null check (kind in ('photo', 'video', 'audio', 'logo')),
  path text not null unique check (path like team_id::text || '/%'),
  thumb_path text check (thumb_path like team_id::text || '/thumbs/%'),
  name text not null check (char_length(name) between 1 and 200 and name = btrim(name)),
  mime text not null check (mime ~ '^[a-z]+/[a-z0-9.+-]+$'),
  bytes bigint not null check (bytes >= 0 and bytes <= 15728640),
  width integer check (width > 0),
  height integer check (height > 0),
  duration_s numeric(10, 3) check (duration_s >= 0),
  position integer not null default 0 check (position >= 0),
  caption text check (char_length(caption) <= 200),
  created_by uuid default auth.uid() references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint media_assets_listing_fkey foreign key (listing_id, team_id)
    references public.listings (id, team_id) on delete cascade,
  unique (id, team_id)
);
alter table public.media_assets enable row level security;
create index media_assets_team_kind_idx on public.media_assets (team_id, kind, created_at desc);
create index media_assets_listing_idx on public.media_assets (listing_id, position);
revoke all on public.media_assets from anon, authenticated;
grant select, delete on public.media_assets to authenticated;
grant insert (team_id, listing_id, kind, path, thumb_path, name, mime, bytes, width, height, duration_s, position, caption)
  on public.media_assets to authenticated;
grant update (name, position, caption) on public.media_assets to authenticated;

create trigger media_assets_touch_updated_at before update on public.media_assets
  for each row execute function private.touch_updated_at();

-- the cover is one of the listing's own photos; deleting that photo clears the cover
alter table public.listings add constraint listings_cover_fkey foreign key (cover_asset_id, team_id)
  references public.media_assets (id, team_id) on delete set null (cover_asset_id);

create or replace function private.check_listing_cover() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.cover_asset_id is not null and not exists (
    select 1 from public.media_assets a
    where a.id = new.cover_asset_id and a.listing_id = new.id and a.kind = 'photo'
  ) then
    raise exception 'The cover must be one of this listing''s photos.' using errcode = 'P0001';
  end if;
  return new;
end
$$;

create trigger listings_check_cover before insert or update of cover_asset_id on public.listings
  for each row execute function private.check_listing_cover();

-- At most 40 photos per listing (MEDIA.maxPhotosPerListing). The listing row is locked first so two
-- uploads finishing at the same moment cannot both take the 40th place. New photos go last.
create or replace function private.guard_listing_photos() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_count integer;
begin
  if new.listing_id is null or new.kind <> 'photo' then
    return new;
  end if;
  if tg_op = 'UPDATE' and old.listing_id is not distinct from new.listing_id and old.kind = new.kind then
    return new;
  end if;
  perform 1 from public.listings l where l.id = new.listing_id for update;
  select count(*), coalesce(max(a.position) + 1, 0) into v_count, new.position
  from public.media_assets a
  where a.listing_id = new.listing_id and a.kind = 'photo' and a.id <> new.id;
  if v_count >= 40 then
    raise exception 'A listing can have at most 40 photos. Remove one before adding another.' using errcode = 'P0001';
  end if;
  return new;
end
$$;

create trigger media_assets_guard_listing_photos before insert or update of listing_id, kind on public.media_assets
  for each row execute function private.guard_listing_photos();

-- Photo positions stay 0..n-1, so "the first photo" is always position 0 (the default cover).
create or replace function private.close_photo_gap() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if old.listing_id is not null and old.kind = 'photo' then
    update public.media_assets a set position = a.position - 1
    where a.listing_id = old.listing_id and a.kind = 'photo' and a.position > old.position;
  end if;
  return old;
end
$$;

create trigger media_assets_close_photo_gap after delete on public.media_assets
  for each row execute function private.close_photo_gap();

-- Puts a listing's photos in the given order in one statement (one request, all or nothing).
-- Runs as the caller, so RLS decides which photos exist; photos left out keep their order after.
create or replace function public.reorder_listing_photos(p_listing_id uuid, p_asset_ids uuid[]) returns void
language plpgsql security invoker set search_path = '' as $$
begin
  if exists (
    select 1 from unnest(p_asset_ids) as i(id)
    where not exists (
      select 1 from public.media_assets a where a.id = i.id and a.listing_id = p_listing_id and a.kind = 'photo'
    )
  ) then
    raise exception 'Some of those photos are no longer in this listing. Reload the page and try again.'
      using errcode = 'P0001';
  end if;
  with wanted as (
    select w.id, w.ord from unnest(p_asset_ids) with ordinality as w(id, ord)
  ), ranked as (
    select a.id, (row_number() over (order by w.ord nulls last, a.position, a.created_at) - 1)::integer as pos
    from public.media_assets a left join wanted w on w.id = a.id
    where a.listing_id = p_listing_id and a.kind = 'photo'
  )
  update public.media_assets a set position = r.pos
  from ranked r where a.id = r.id and a.position <> r.pos;
end
$$;
revoke all on function public.reorder_listing_photos(uuid, uuid[]) from public, anon;
grant execute on function public.reorder_listing_photos(uuid, uuid[]) to authenticated, service_role;

-- The caller's teams as a set. Policies use `team_id in (select private.member_team_ids())`: Postgres
-- runs the subquery once per statement instead of calling a function for every row, which keeps a
-- team's list of thousands of listings fast (see docs/listings.md for the measurement).
create or replace function private.member_team_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select m.team_id from public.team_members m where m.user_id = (select auth.uid());
$$;

-- policies: any member of the team reads and writes; site admins read ------------------------------
create policy agents_select on public.agents for select to authenticated
  using (team_id in (select private.member_team_ids()) or (select private.is_admin()));
create policy agents_insert on public.agents for insert to authenticated
  with check (team_id in (select private.member_team_ids()));
create policy agents_update on public.agents for update to authenticated
  using (team_id in (select private.member_team_ids())) with check (team_id in (select private.member_team_ids()));
create policy agents_delete on public.agents for delete to authenticated
  using (team_id in (select private.member_team_ids()));

create policy listings_select on public.listings for select to authenticated
  using (team_id in (select private.member_team_ids()) or (select private.is_admin()));
create policy listings_insert on public.listings for insert to authenticated
  with check (team_id in (select private.member_team_ids()));
create policy listings_update on public.listings for update to authenticated
  using (team_id in (select private.member_team_ids())) with check (team_id in (select private.member_team_ids()));
create policy listings_delete on public.listings for delete to authenticated
  using (team_id in (select private.member_team_ids()));

create policy media_assets_select on public.media_assets for select to authenticated
  using (team_id in (select private.member_team_ids()) or (select private.is_admin()));
create policy media_assets_insert on public.media_assets for insert to authenticated
  with check (team_id in (select private.member_team_ids()));
create policy media_assets_update on public.media_assets for update to authenticated
  using (team_id in (select private.member_team_ids())) with check (team_id in (select private.member_team_ids()));
create policy media_assets_delete on public.media_assets for delete to authenticated
  using (team_id in (select private.member_team_ids()));

-- storage: private `media` bucket, one folder per team id ---------------------------------------------
-- MEDIA in lib/constants.ts. application/octet-stream is allowed because a browser labels a file by
-- its name (a PNG named .txt arrives as text/plain); the server sniffs every upload's bytes before
-- anything refers to it, and deletes what is not what its kind allows.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('media', 'media', false, 15728640, array[
  'image/jpeg', 'image/png', 'image/webp',
  'video/mp4', 'video/webm', 'video/quicktime',
  'audio/mpeg', 'audio/wav', 'audio/x-wav', 'audio/mp4', 'audio/x-m4a', 'audio/aac', 'audio/ogg',
  'application/octet-stream'
])
on conflict (id) do update set
  public = excluded.public,
  file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

-- The team id of an object's first folder, or null when that folder is not a uuid: a guessed or
-- malformed path then simply matches no team instead of failing the whole request with a cast error.
create or replace function private.media_team_id(p_name text) returns uuid
language plpgsql immutable set search_path = '' as $$
declare
  v_folder text := (storage.foldername(p_name))[1];
begin
  if v_folder ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return v_folder::uuid;
  end if;
  return null;
end
$$;

revoke all on all functions in schema private from public, anon;
grant execute on function private.media_team_id(text), private.listing_features_ok(text[]), private.member_team_ids()
  to authenticated, service_role;

create policy media_select on storage.objects for select to authenticated
  using (bucket_id = 'media' and (private.media_team_id(name) in (select private.member_team_ids()) or (select private.is_admin())));

create policy media_insert on storage.objects for insert to authenticated
  with check (bucket_id = 'media' and private.media_team_id(name) in (select private.member_team_ids()));

create policy media_update on storage.objects for update to authenticated
  using (bucket_id = 'media' and private.media_team_id(name) in (select private.member_team_ids()))
  with check (bucket_id = 'media' and private.media_team_id(name) in (select private.member_team_ids()));

create policy media_delete on storage.objects for delete to authenticated
  using (bucket_id = 'media' and private.media_team_id(name) in (select private.member_team_ids()));
