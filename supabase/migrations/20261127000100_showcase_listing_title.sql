-- Issue 26, item 9: a showcase tile is named like the share page it opens, by the listing's title
-- (the video's own name carries the template: "… — Classic Tour", a word for the team, not for
-- visitors). The listing title the video shows is in its props; the video's name stays for a
-- listing without one. The answer gains a column, so the function is dropped and made again, with
-- the same body, checks and grants otherwise.
drop function if exists public.showcase_videos(text, integer, integer);

create function public.showcase_videos(p_format text default null, p_limit integer default 12, p_offset integer default 0)
returns table (share_id text, title text, listing_title text, city text, format text, poster_path text, updated_at timestamptz, total bigint)
language sql stable security definer set search_path = '' as $$
  select v.share_id, v.title, nullif(btrim(v.props -> 'listing' ->> 'title'), ''),
         v.props -> 'listing' -> 'address' ->> 'city', v.format, v.thumbnail_path, v.updated_at,
         count(*) over ()
  from public.videos v
  where v.showcase = 'approved' and v.is_shared and v.output_path is not null
    and (p_format is null or v.format = p_format)
  order by v.updated_at desc, v.id
  limit least(greatest(coalesce(p_limit, 12), 1), 48) offset greatest(coalesce(p_offset, 0), 0)
$$;

revoke all on function public.showcase_videos(text, integer, integer) from public, anon;
grant execute on function public.showcase_videos(text, integer, integer) to anon, authenticated, service_role;
