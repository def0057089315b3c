-- Whoever leaves a team, or is removed from it, stops having it as their last team; otherwise the
-- profile's own update policy (last team must be one of yours) would refuse their next name change.
create or replace function private.forget_left_team() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.profiles set last_team_id = null
  where id = old.user_id and last_team_id = old.team_id;
  return old;
end
$$;
revoke all on function private.forget_left_team() from public, anon;

create trigger team_members_forget_left_team
  after delete on public.team_members
  for each row execute function private.forget_left_team();
