-- Issue 29: a listing page's photos wait in the team's imports folder ({team}/imports/{uuid}/{name})
-- until the person saves the listing, which moves each one into the listing's folder. A page read
-- and never saved leaves them behind; a day later they are the purge's to remove.
-- Service key only (granted to service_role alone and checked inside); it reads only object names
-- under a team's imports/ folder and deletes nothing itself (the caller removes them through the
-- storage API, as purge_expired_trials' caller does).
create or replace function public.stale_import_files() returns table (path text)
language plpgsql security definer set search_path = '' as $$
begin
  if not private.is_service_role() then
    raise exception 'Only the server purges imported photos' using errcode = '42501';
  end if;
  return query
  select o.name::text
  from storage.objects o
  where o.bucket_id = 'media'
    and o.name ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/imports/'
    and greatest(o.created_at, coalesce(o.updated_at, o.created_at)) < now() - interval '1 day'
  order by o.created_at
  limit 1000;
end
$$;
revoke all on function public.stale_import_files() from public, anon, authenticated;
grant execute on function public.stale_import_files() to service_role;
