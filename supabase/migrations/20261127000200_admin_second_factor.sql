-- Site administrators act only with a second factor (issue 27). Every admin function, policy and
-- check goes through private.is_admin(), so requiring aal2 there enforces it in the database for
-- all of them at once: a password-only session of an administrator is not an administrator, on
-- REST as on the pages. The `aal` claim is in the signed access token (GoTrue sets it to aal2
-- only after a verified TOTP challenge in that session).
create or replace function private.is_admin() returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce((select p.is_admin from public.profiles p where p.id = (select auth.uid())), false)
     and coalesce((select auth.jwt()) ->> 'aal', '') = 'aal2';
$$;

-- Where the signed-in person stands, for the pages to route: 'none' (not an administrator),
-- 'second_factor' (an administrator whose session has not passed a second factor), 'admin'.
-- Security definer to read the caller's own profile flag; it tells the caller only about themself.
create or replace function public.admin_standing() returns text
language sql stable security definer set search_path = '' as $$
  select case
    when not coalesce((select p.is_admin from public.profiles p where p.id = (select auth.uid())), false) then 'none'
    when coalesce((select auth.jwt()) ->> 'aal', '') = 'aal2' then 'admin'
    else 'second_factor'
  end;
$$;
revoke execute on function public.admin_standing() from public, anon;
grant execute on function public.admin_standing() to authenticated;
