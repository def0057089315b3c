-- Issue 14: coupons. Site administrators create codes worth credits; a team member redeems one for
-- their team once. Nobody writes these tables through the API: admin_create_coupon,
-- admin_set_coupon_active (audited) and redeem_coupon do, each in one transaction.
-- The numbers repeat COUPON in lib/constants.ts (tests/integration/app/coupons.test.ts checks both agree).

create table public.coupons (
  id uuid primary key default gen_random_uuid(),
  -- stored upper-case; matched case-insensitively by upper-casing the input
  code text not null unique check (code ~ '^[A-Z0-9-]{4,32}$'),
  credits integer not null check (credits between 1 and 1000),
  -- null: no limit
  max_redemptions integer check (max_redemptions is null or max_redemptions between 1 and 1000000),
  -- kept by redeem_coupon under the coupon's row lock; never more than the limit
  redemption_count integer not null default 0
    check (redemption_count >= 0 and (max_redemptions is null or redemption_count <= max_redemptions)),
  expires_at timestamptz,
  is_active boolean not null default true,
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now()
);
alter table public.coupons enable row level security;
create index coupons_created_idx on public.coupons (created_at desc);
revoke all on public.coupons from anon, authenticated;
grant select on public.coupons to authenticated;
-- codes are the secret: only site administrators read them
create policy coupons_select on public.coupons for select to authenticated
  using ((select private.is_admin()));

create table public.coupon_redemptions (
  id uuid primary key default gen_random_uuid(),
  -- coupons are never deleted once redeemed (deactivate them instead)
  coupon_id uuid not null references public.coupons (id) on delete restrict,
  -- a deleted team's redemption stays (it still counted against the limit), without the team
  team_id uuid references public.teams (id) on delete set null,
  redeemed_by uuid references public.profiles (id) on delete set null,
  -- what the team redeemed, as it was then (the team's members cannot read public.coupons)
  code text not null,
  credits integer not null check (credits between 1 and 1000),
  created_at timestamptz not null default now(),
  unique (coupon_id, team_id)
);
alter table public.coupon_redemptions enable row level security;
create index coupon_redemptions_team_idx on public.coupon_redemptions (team_id, created_at desc);
revoke all on public.coupon_redemptions from anon, authenticated;
grant select on public.coupon_redemptions to authenticated;
create policy coupon_redemptions_select on public.coupon_redemptions for select to authenticated
  using (private.is_team_member(team_id) or (select private.is_admin()));

-- Admin: create a coupon ---------------------------------------------------------------------------
create or replace function public.admin_create_coupon(
  p_code text,
  p_credits integer,
  p_max_redemptions integer default null,
  p_expires_at timestamptz default null
) returns public.coupons
language plpgsql security definer set search_path = '' as $$
declare
  v_code text := upper(btrim(coalesce(p_code, '')));
  v_coupon public.coupons;
begin
  if not private.is_admin() then
    raise exception 'Only administrators can create coupons' using errcode = '42501';
  end if;
  if v_code !~ '^[A-Z0-9-]{4,32}$' then
    raise exception 'A coupon code has 4 to 32 characters: letters A–Z, digits 0–9 and dashes' using errcode = 'P0001';
  end if;
  if p_credits is null or p_credits < 1 or p_credits > 1000 then
    raise exception 'A coupon gives between 1 and 1,000 credits' using errcode = 'P0001';
  end if;
  if p_max_redemptions is not null and (p_max_redemptions < 1 or p_max_redemptions > 1000000) then
    raise exception 'Allow between 1 and 1,000,000 redemptions, or leave the limit empty for no limit' using errcode = 'P0001';
  end if;
  if p_expires_at is not null and p_expires_at <= now() then
    raise exception 'The expiry must be in the future' using errcode = 'P0001';
  end if;
  begin
    insert into public.coupons (code, credits, max_redemptions, expires_at, created_by)
    values (v_code, p_credits, p_max_redemptions, p_expires_at, (select auth.uid()))
    returning * into v_coupon;
  exception when unique_violation then
    raise exception 'A coupon with the code % already exists', v_code using errcode = 'P0001';
  end;
  perform private.audit('coupon.create', null, null, jsonb_build_object(
    'coupon_id', v_coupon.id, 'code', v_coupon.code, 'credits', v_coupon.credits,
    'max_redemptions', v_coupon.max_redemptions, 'expires_at', v_coupon.expires_at
  ));
  return v_coupon;
end
$$;

-- Admin: deactivate or reactivate ------------------------------------------------------------------
create or replace function public.admin_set_coupon_active(p_coupon_id uuid, p_active boolean)
returns public.coupons
language plpgsql security definer set search_path = '' as $$
declare
  v_coupon public.coupons;
begin
  if not private.is_admin() then
    raise exception 'Only administrators can change coupons' using errcode = '42501';
  end if;
  if p_active is null then
    raise exception 'Say whether the coupon should be active' using errcode = 'P0001';
  end if;
  select * into v_coupon from public.coupons c where c.id = p_coupon_id for update;
  if not found then
    raise exception 'That coupon does not exist' using errcode = 'P0001';
  end if;
  -- asking for the state it is already in changes nothing and records nothing
  if v_coupon.is_active is distinct from p_active then
    update public.coupons set is_active = p_active where id = p_coupon_id returning * into v_coupon;
    perform private.audit(
      case when p_active then 'coupon.reactivate' else 'coupon.deactivate' end, null, null,
      jsonb_build_object('coupon_id', v_coupon.id, 'code', v_coupon.code)
    );
  end if;
  return v_coupon;
end
$$;

-- Redeem: a member of the team adds the coupon's credits to it, once per team ---------------------
-- The coupon row is locked first, so concurrent redemptions of one coupon queue up and each sees
-- the count the previous one left: with N redemptions left, exactly N succeed.
create or replace function public.redeem_coupon(p_team_id uuid, p_code text) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  v_user uuid := (select auth.uid());
  v_code text := upper(btrim(coalesce(p_code, '')));
  v_coupon public.coupons;
  v_redemption uuid := gen_random_uuid();
begin
  if v_user is null then
    raise exception 'Sign in to redeem a coupon' using errcode = '42501';
  end if;
  if p_team_id is null or not private.is_team_member(p_team_id) then
    raise exception 'You are not a member of this team' using errcode = '42501';
  end if;
  if v_code ~ '^[A-Z0-9-]{4,32}$' then
    select * into v_coupon from public.coupons c where c.code = v_code for update;
  end if;
  if v_coupon.id is null then
    raise exception 'There is no coupon with that code. Check it and try again' using errcode = 'P0001';
  end if;
  if exists (select 1 from public.coupon_redemptions r where r.coupon_id = v_coupon.id and r.team_id = p_team_id) then
    raise exception 'Your team has already redeemed this coupon' using errcode = 'P0001';
  end if;
  if not v_coupon.is_active then
    raise exception 'This coupon is no longer active' using errcode = 'P0001';
  end if;
  if v_coupon.expires_at is not null and v_coupon.expires_at <= now() then
    raise exception 'This coupon has expired' using errcode = 'P0001';
  end if;
  if v_coupon.max_redemptions is not null and v_coupon.redemption_count >= v_coupon.max_redemptions then
    raise exception 'This coupon has been used up: every redemption it allowed is taken' using errcode = 'P0001';
  end if;

  insert into public.coupon_redemptions (id, coupon_id, team_id, redeemed_by, code, credits)
  values (v_redemption, v_coupon.id, p_team_id, v_user, v_coupon.code, v_coupon.credits);
  update public.coupons set redemption_count = redemption_count + 1 where id = v_coupon.id;
  insert into public.credit_ledger (team_id, delta, reason, ref_id, note, created_by)
  values (p_team_id, v_coupon.credits, 'coupon', v_redemption, 'Coupon ' || v_coupon.code, v_user);
  return private.credit_balance(p_team_id);
end
$$;

revoke all on function
  public.admin_create_coupon(text, integer, integer, timestamptz),
  public.admin_set_coupon_active(uuid, boolean),
  public.redeem_coupon(uuid, text)
  from public, anon;
grant execute on function
  public.admin_create_coupon(text, integer, integer, timestamptz),
  public.admin_set_coupon_active(uuid, boolean),
  public.redeem_coupon(uuid, text)
  to authenticated, service_role;
