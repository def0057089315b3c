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

-- Broadcast from the database: rows inserted into realtime.messages (by realtime.send() or
-- realtime.broadcast_changes(), as on the platform) go out to the topic's channels.
create or replace function supabase_local.realtime_capture_message() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  change_id bigint;
begin
  if new.extension is distinct from 'broadcast' then
    return null;
  end if;
  insert into supabase_local.realtime_changes (schema_name, table_name, type, record)
  values ('realtime', 'messages', 'INSERT', to_jsonb(new))
  returning id into change_id;
  perform pg_notify('supabase_local_realtime', change_id::text);
  return null;
end
$$;

drop trigger if exists supabase_local_realtime_broadcast on realtime.messages;
create trigger supabase_local_realtime_broadcast after insert on realtime.messages
  for each row execute function supabase_local.realtime_capture_message();

create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void
language plpgsql
as $$
begin
  begin
    perform set_config('realtime.topic', topic, true);
    insert into realtime.messages (payload, event, topic, private, extension)
    values (payload, event, topic, private, 'broadcast');
  exception when others then
    raise warning 'ErrorSendingBroadcastMessage: %', sqlerrm;
  end;
end
$$;

create or replace function realtime.broadcast_changes(
  topic_name text, event_name text, operation text, table_name text, table_schema text,
  new record, old record, level text default 'ROW'
) returns void
language plpgsql
as $$
declare
  row_data jsonb := '{}'::jsonb;
begin
  if level = 'STATEMENT' then
    raise exception 'function can only be triggered for each row, not for each statement';
  end if;
  if operation in ('INSERT', 'UPDATE', 'DELETE') then
    row_data := jsonb_build_object(
      'old_record', old, 'record', new, 'operation', operation, 'table', table_name, 'schema', table_schema);
    perform realtime.send(row_data, event_name, topic_name);
  else
    raise exception 'Unexpected operation type: %', operation;
  end if;
end
$$;

grant execute on function realtime.send(jsonb, text, text, boolean) to anon, authenticated, service_role;
grant execute on function realtime.broadcast_changes(text, text, text, text, text, record, record, text)
  to anon, authenticated, service_role;

revoke all on supabase_local.realtime_changes, supabase_local.realtime_listened from public;
delete from supabase_local.realtime_listened;
delete from supabase_local.realtime_changes;
