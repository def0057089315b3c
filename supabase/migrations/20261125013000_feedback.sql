-- Issue 14: feedback. A signed-in person sends a bug report, an idea, praise or anything else from a
-- team page (the page's path is kept); site administrators read everything, give it a status and keep
-- an internal note. Senders read their own messages but never the note (column grants).
-- Limits repeat lib/constants.ts FEEDBACK (tests/integration/app/feedback.test.ts checks they agree).

create table public.feedback (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  -- the team whose page it was sent from; kept when the sender leaves, cleared when the team goes
  team_id uuid references public.teams (id) on delete set null,
  kind text not null check (kind in ('bug', 'idea', 'praise', 'other')),
  message text not null,
  page_path text not null,
  status text not null default 'new' check (status in ('new', 'reviewed', 'resolved')),
  admin_note text check (admin_note is null or char_length(admin_note) between 1 and 2000),
  reviewed_by uuid references public.profiles (id) on delete set null,
  reviewed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint feedback_message_length check (char_length(message) between 1 and 2000 and message = btrim(message, E' \t\r\n')),
  constraint feedback_message_text check (message !~ '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f]'),
  -- a path on this site: one leading slash (never // or /\, which browsers read as another host),
  -- no query or fragment, no spaces, backslashes or control characters
  constraint feedback_page_path check (
    char_length(page_path) <= 500 and page_path ~ '^/([^/\\?#[:space:][:cntrl:]][^\\?#[:space:][:cntrl:]]*)?$'
  )
);
alter table public.feedback enable row level security;
create index feedback_created_idx on public.feedback (created_at desc, id);
create index feedback_status_idx on public.feedback (status, created_at desc);
create index feedback_user_idx on public.feedback (user_id, created_at desc);

revoke all on public.feedback from anon, authenticated;
-- everything but the administrators' note and who wrote it
grant select (id, user_id, team_id, kind, message, page_path, status, created_at, updated_at) on public.feedback to authenticated;
-- the id too: the app names the new row itself, so sending needs no read-back (return=minimal)
grant insert (id, user_id, team_id, kind, message, page_path) on public.feedback to authenticated;
-- no update or delete: status and note change only through admin_update_feedback()

create policy feedback_select on public.feedback for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));
create policy feedback_insert on public.feedback for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and coalesce((select auth.jwt()) ->> 'is_anonymous', 'false') <> 'true'
    and (team_id is null or (select private.is_team_member(team_id)))
  );

-- Before a message is stored: a clear refusal for trial (anonymous) accounts, the message trimmed, the
-- times set here (never by the sender), and at most 20 messages per person per hour, counted under a
-- per-person lock so concurrent sends cannot all slip under the limit.
create or replace function private.feedback_before_insert() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_limit constant integer := 20; -- FEEDBACK.perHour
  v_count integer;
  v_oldest timestamptz;
  v_minutes integer;
begin
  if not private.is_service_role() and (
    coalesce((select auth.jwt()) ->> 'is_anonymous', 'false') = 'true'
    or exists (select 1 from auth.users u where u.id = new.user_id and u.is_anonymous)
  ) then
    raise exception 'Create an account to send feedback.' using errcode = 'P0001';
  end if;
  new.message := btrim(new.message, E' \t\r\n');
  new.status := 'new';
  new.admin_note := null;
  new.reviewed_by := null;
  new.reviewed_at := null;
  new.created_at := now();
  new.updated_at := now();

  perform pg_advisory_xact_lock(hashtextextended('feedback:' || new.user_id::text, 0));
  select count(*), min(f.created_at) into v_count, v_oldest
  from public.feedback f
  where f.user_id = new.user_id and f.created_at > now() - interval '1 hour';
  if v_count >= v_limit then
    v_minutes := greatest(1, ceil(extract(epoch from (v_oldest + interval '1 hour' - now())) / 60))::integer;
    raise exception 'You have sent % messages in the last hour. Please try again in % minute%.',
      v_limit, v_minutes, case when v_minutes = 1 then '' else 's' end
      using errcode = 'P0001';
  end if;
  return new;
end
$$;
create trigger feedback_before_insert before insert on public.feedback
  for each row execute function private.feedback_before_insert();

-- Administrators set the status and the internal note (empty clears it), recorded in the audit log in
-- the same transaction. Saving what is already there changes nothing and records nothing.
create or replace function public.admin_update_feedback(p_id uuid, p_status text, p_note text default null)
returns table (status text, admin_note text, reviewed_at timestamptz)
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  v_row public.feedback;
  v_note text := nullif(btrim(coalesce(p_note, ''), E' \t\r\n'), '');
begin
  if not private.is_admin() then
    raise exception 'Only site administrators review feedback.' using errcode = '42501';
  end if;
  if p_status is null or p_status not in ('new', 'reviewed', 'resolved') then
    raise exception 'Choose new, reviewed or resolved.' using errcode = 'P0001';
  end if;
  if v_note is not null and char_length(v_note) > 2000 then -- FEEDBACK.noteMax
    raise exception 'Keep the note to 2,000 characters.' using errcode = 'P0001';
  end if;
  select * into v_row from public.feedback f where f.id = p_id for update;
  if not found then
    raise exception 'That feedback no longer exists.' using errcode = 'P0001';
  end if;
  if v_row.status is distinct from p_status or v_row.admin_note is distinct from v_note then
    update public.feedback f
    set status = p_status, admin_note = v_note, reviewed_by = (select auth.uid()), reviewed_at = now(), updated_at = now()
    where f.id = p_id;
    perform private.audit('feedback.update', v_row.user_id, v_row.team_id, jsonb_build_object(
      'feedback_id', p_id,
      'status_from', v_row.status,
      'status_to', p_status,
      'note_changed', v_row.admin_note is distinct from v_note,
      -- the log keeps a bounded excerpt (its details are capped at 4,000 bytes)
      'note', left(v_note, 300)
    ));
    return query select p_status, v_note, now();
  else
    return query select v_row.status, v_row.admin_note, v_row.reviewed_at;
  end if;
end
$$;

-- The administrators' list: every column (the note included, which the table's grants keep from
-- senders), the sender's and the team's names, newest first, filtered and paged, with the total.
create or replace function public.admin_list_feedback(
  p_status text default null,
  p_kind text default null,
  p_user_id uuid default null,
  p_limit integer default 20,
  p_offset integer default 0
) returns table (
  id uuid, user_id uuid, sender_name text, sender_email text, team_id uuid, team_name text,
  kind text, message text, page_path text, status text, admin_note text,
  reviewed_by uuid, reviewer_name text, reviewed_at timestamptz, created_at timestamptz, total bigint
)
language plpgsql stable security definer set search_path = '' as $$
#variable_conflict use_column
begin
  if not private.is_admin() then
    raise exception 'Only site administrators read all feedback.' using errcode = '42501';
  end if;
  return query
  select f.id, f.user_id, p.full_name, p.email, f.team_id, t.name,
         f.kind, f.message, f.page_path, f.status, f.admin_note,
         f.reviewed_by, coalesce(r.full_name, r.email), f.reviewed_at, f.created_at,
         count(*) over ()
  from public.feedback f
  join public.profiles p on p.id = f.user_id
  left join public.teams t on t.id = f.team_id
  left join public.profiles r on r.id = f.reviewed_by
  where (p_status is null or f.status = p_status)
    and (p_kind is null or f.kind = p_kind)
    and (p_user_id is null or f.user_id = p_user_id)
  order by f.created_at desc, f.id
  limit least(greatest(coalesce(p_limit, 20), 1), 100) offset greatest(coalesce(p_offset, 0), 0);
end
$$;

revoke all on function private.feedback_before_insert() from public, anon, authenticated;
revoke all on function public.admin_update_feedback(uuid, text, text), public.admin_list_feedback(text, text, uuid, integer, integer)
  from public, anon;
grant execute on function public.admin_update_feedback(uuid, text, text), public.admin_list_feedback(text, text, uuid, integer, integer)
  to authenticated, service_role;
