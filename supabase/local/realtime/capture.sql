-- The realtime service's capture objects, created (idempotently) each time the service starts.
-- A trigger on each table of the supabase_realtime publication writes the change here and
-- notifies its id: NOTIFY payloads must stay under 8 KB, rows need not.
create table if not exists supabase_local.realtime_changes (
  id bigserial primary key,
  schema_name text not null,
  table_name text not null,
  type text not null,
  record jsonb,
  old_record jsonb,
  committed_at timestamptz not null default now()
);

-- Tables somebody is subscribed to ('*' = any); writes to other tables cost only this lookup.
create table if not exists supabase_local.realtime_listened (
  schema_name text not null,
  table_name text not null,
  primary key (schema_name, table_name)
);

create or replace function supabase_local.realtime_capture() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  change_id bigint;
begin
  if not exists (
    select 1 from supabase_local.realtime_listened l
    where l.schema_name in (tg_table_schema, '*') and l.table_name in (tg_table_name, '*')
  ) then
    return null;
  end if;
  insert into supabase_local.realtime_changes (schema_name, table_name, type, record, old_record)
  values (
    tg_table_schema, tg_table_name, tg_op,
    case when tg_op <> 'DELETE' then to_jsonb(new) end,
    case when tg_op <> 'INSERT' then to_jsonb(old) end
  )
  returning id into change_id;
  perform pg_notify('supabase_local_realtime', change_id::text);
  return null;
end
$$;

revoke all on supabase_local.realtime_changes, supabase_local.realtime_listened from public;
delete from supabase_local.realtime_listened;
delete from supabase_local.realtime_changes;
