-- App-level rate limits for the auth actions (issue 11, docs/security.md). Sign-in runs in a server
-- action, so the auth server sees the app server's address for everyone; the app counts per client
-- address and per account itself. Kept in the database so every app instance shares the counts.

create table private.rate_limit_hits (
  bucket text not null check (char_length(bucket) between 1 and 300),
  hit_at timestamptz not null default clock_timestamp()
);
create index rate_limit_hits_bucket_idx on private.rate_limit_hits (bucket, hit_at);
revoke all on private.rate_limit_hits from public, anon, authenticated;

-- Checks the bucket and, when `p_record`, counts this attempt. Answers 0 when allowed, else the
-- seconds until the oldest counted attempt leaves the window (what "try again in N minutes" says).
-- Attempts over the limit are not counted, so waiting out the window always works.
create or replace function public.rate_limit_hit(
  p_bucket text,
  p_max integer,
  p_window_seconds integer,
  p_record boolean default true
) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  v_since timestamptz := clock_timestamp() - make_interval(secs => p_window_seconds);
  v_count integer;
  v_oldest timestamptz;
begin
  -- only the app server (service key) keeps these counts; the function checks it itself
  if not private.is_service_role() then
    raise exception 'Only the app server may record rate limits' using errcode = '42501';
  end if;
  if p_bucket is null or char_length(p_bucket) not between 1 and 300
     or p_max is null or p_max < 1 or p_window_seconds is null or p_window_seconds not between 1 and 86400 then
    raise exception 'Invalid rate limit request' using errcode = '22023';
  end if;
  -- one bucket's check-and-count runs alone, so concurrent attempts cannot all slip under the limit
  perform pg_advisory_xact_lock(hashtextextended('rate_limit:' || p_bucket, 0));
  delete from private.rate_limit_hits h where h.bucket = p_bucket and h.hit_at <= v_since;
  select count(*), min(h.hit_at) into v_count, v_oldest from private.rate_limit_hits h where h.bucket = p_bucket;
  if v_count >= p_max then
    return greatest(1, ceil(extract(epoch from (v_oldest + make_interval(secs => p_window_seconds) - clock_timestamp())))::integer);
  end if;
  if p_record then
    insert into private.rate_limit_hits (bucket) values (p_bucket);
  end if;
  return 0;
end
$$;
revoke all on function public.rate_limit_hit(text, integer, integer, boolean) from public, anon, authenticated;
grant execute on function public.rate_limit_hit(text, integer, integer, boolean) to service_role;

-- Forgets a bucket (a successful sign-in clears the account's failure count).
create or replace function public.rate_limit_clear(p_bucket text) returns void
language plpgsql security definer set search_path = '' as $$
begin
  if not private.is_service_role() then
    raise exception 'Only the app server may record rate limits' using errcode = '42501';
  end if;
  delete from private.rate_limit_hits h where h.bucket = p_bucket;
end
$$;
revoke all on function public.rate_limit_clear(text) from public, anon, authenticated;
grant execute on function public.rate_limit_clear(text) to service_role;
