-- The way back in for someone who lost every authenticator (issue 27): an administrator resets their
-- second factor. Their factors are removed and every session they have ends (a lost phone may be a
-- stolen one), in one transaction with its audit record. Then a password signs them in again;
-- an administrator is asked to set up a new authenticator before the admin area opens.
create or replace function public.admin_second_factors(p_user_id uuid) returns integer
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.is_admin() then
    raise exception 'Only site administrators can read this' using errcode = '42501';
  end if;
  return (select count(*)::integer from auth.mfa_factors f where f.user_id = p_user_id and f.status::text = 'verified');
end
$$;

create or replace function public.admin_reset_second_factor(p_user_id uuid) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  v_removed integer;
begin
  if not private.is_admin() then
    raise exception 'Only site administrators can reset a second factor' using errcode = '42501';
  end if;
  if p_user_id = (select auth.uid()) then
    raise exception 'Change your own authenticators on your profile page' using errcode = 'P0001';
  end if;
  perform 1 from auth.users u where u.id = p_user_id for update;
  if not found then
    raise exception 'No such user' using errcode = 'P0001';
  end if;
  select count(*) into v_removed from auth.mfa_factors f where f.user_id = p_user_id and f.status::text = 'verified';
  if v_removed = 0 then
    raise exception 'This person has no two-step sign-in to reset' using errcode = 'P0001';
  end if;
  delete from auth.mfa_factors f where f.user_id = p_user_id;
  delete from auth.sessions s where s.user_id = p_user_id;
  perform private.audit('user.second_factor_reset', p_user_id, null, jsonb_build_object('factors', v_removed));
  return v_removed;
end
$$;

revoke all on function public.admin_second_factors(uuid), public.admin_reset_second_factor(uuid) from public, anon;
grant execute on function public.admin_second_factors(uuid), public.admin_reset_second_factor(uuid) to authenticated, service_role;
