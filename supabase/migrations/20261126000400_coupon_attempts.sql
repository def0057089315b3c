-- Issue 24, item 5: coupon codes cannot be guessed through the API.
-- redeem_coupon is callable by any member at /rest/v1/rpc/redeem_coupon, so the limit on guesses lives
-- in the function itself, not in the app: every refused attempt is recorded here, per person and per
-- team, and the function answers a status instead of raising for a refusal, so the record commits.
--   10 refused attempts per person per 15 minutes, 20 refused attempts per team per hour
-- (COUPON in lib/constants.ts repeats the numbers; tests/integration/app/coupons-limits.test.ts
-- checks the function keeps them). Every unusable code gets the same answer: unknown, inactive,
-- expired and used up are one status, 'invalid'. Only "your team already redeemed it" is told apart:
-- the team's members can read that code in coupon_redemptions anyway, so it reveals nothing.

create table private.coupon_attempts (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  team_id uuid references public.teams (id) on delete set null,
  refused boolean not null,
  created_at timestamptz not null default clock_timestamp()
);
alter table private.coupon_attempts enable row level security;
create index coupon_attempts_user_idx on private.coupon_attempts (user_id, created_at) where refused;
create index coupon_attempts_team_idx on private.coupon_attempts (team_id, created_at) where refused;
revoke all on private.coupon_attempts from public, anon, authenticated;

-- The result changes shape (a status row instead of a balance or an exception), so the old one goes.
drop function public.redeem_coupon(uuid, text);

-- Answers one jsonb object:
--   {"status":"redeemed","code":…,"credits":…,"balance":…}
--   {"status":"invalid"}              unknown, malformed, inactive, expired or used up (all alike)
--   {"status":"already_redeemed"}     this team redeemed this coupon before
--   {"status":"rate_limited","retry_after_seconds":…}   too many refusals; the code is not looked at
-- Raises only for callers who may not redeem for the team at all (42501: no session, not a member);
-- those depend on the team, never on the code.
create function public.redeem_coupon(p_team_id uuid, p_code text) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_user uuid := (select auth.uid());
  v_code text := upper(btrim(coalesce(p_code, '')));
  v_coupon public.coupons;
  v_redemption uuid := gen_random_uuid();
  v_now timestamptz := clock_timestamp();
  v_count integer;
  v_oldest timestamptz;
  v_wait integer := 0;
begin
  if v_user is null then
    raise exception 'Sign in to redeem a coupon' using errcode = '42501';
  end if;
  if p_team_id is null or not private.is_team_member(p_team_id) then
    raise exception 'You are not a member of this team' using errcode = '42501';
  end if;

  -- the person's and the team's counts are checked and written alone (always person first, then
  -- team), so concurrent calls queue and none slips under the limit
  perform pg_advisory_xact_lock(hashtextextended('coupon_attempts:user:' || v_user::text, 0));
  perform pg_advisory_xact_lock(hashtextextended('coupon_attempts:team:' || p_team_id::text, 0));

  -- 10 refused per person in 15 minutes
  select count(*), min(a.created_at) into v_count, v_oldest
  from private.coupon_attempts a
  where a.user_id = v_user and a.refused and a.created_at > v_now - interval '15 minutes';
  if v_count >= 10 then
    v_wait := greatest(v_wait, ceil(extract(epoch from (v_oldest + interval '15 minutes' - v_now)))::integer);
  end if;
  -- 20 refused per team in an hour (several members cannot add up their allowances)
  select count(*), min(a.created_at) into v_count, v_oldest
  from private.coupon_attempts a
  where a.team_id = p_team_id and a.refused and a.created_at > v_now - interval '1 hour';
  if v_count >= 20 then
    v_wait := greatest(v_wait, ceil(extract(epoch from (v_oldest + interval '1 hour' - v_now)))::integer);
  end if;
  if v_wait > 0 then
    -- not counted (waiting out the window always works), and the code is not even looked up
    return jsonb_build_object('status', 'rate_limited', 'retry_after_seconds', greatest(1, v_wait));
  end if;

  if v_code ~ '^[A-Z0-9-]{4,32}$' then
    select * into v_coupon from public.coupons c where c.code = v_code for update;
  end if;
  if v_coupon.id is not null
     and exists (select 1 from public.coupon_redemptions r where r.coupon_id = v_coupon.id and r.team_id = p_team_id) then
    insert into private.coupon_attempts (user_id, team_id, refused) values (v_user, p_team_id, true);
    return jsonb_build_object('status', 'already_redeemed');
  end if;
  if v_coupon.id is null
     or not v_coupon.is_active
     or (v_coupon.expires_at is not null and v_coupon.expires_at <= now())
     or (v_coupon.max_redemptions is not null and v_coupon.redemption_count >= v_coupon.max_redemptions) then
    insert into private.coupon_attempts (user_id, team_id, refused) values (v_user, p_team_id, true);
    return jsonb_build_object('status', 'invalid');
  end if;

  insert into private.coupon_attempts (user_id, team_id, refused) values (v_user, p_team_id, false);
  insert into public.coupon_redemptions (id, coupon_id, team_id, redeemed_by, code, credits)
  values (v_redemption, v_coupon.id, p_team_id, v_user, v_coupon.code, v_coupon.credits);
  update public.coupons set redemption_count = redemption_count + 1 where id = v_coupon.id;
  insert into public.credit_ledger (team_id, delta, reason, ref_id, note, created_by)
  values (p_team_id, v_coupon.credits, 'coupon', v_redemption, 'Coupon ' || v_coupon.code, v_user);
  return jsonb_build_object(
    'status', 'redeemed', 'code', v_coupon.code, 'credits', v_coupon.credits,
    'balance', private.credit_balance(p_team_id)
  );
end
$$;

revoke all on function public.redeem_coupon(uuid, text) from public, anon;
grant execute on function public.redeem_coupon(uuid, text) to authenticated, service_role;
