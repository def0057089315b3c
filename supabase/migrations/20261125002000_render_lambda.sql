-- Renders on Remotion Lambda (issue 12): the same queue and the same credit rules as the local worker;
-- Lambda renders the run, a signed webhook reports how it ended, and a route handler asks Lambda for
-- progress when someone watches. docs/renders.md ("Remotion Lambda").

alter table public.render_runs
  -- what renderMediaOnLambda answered: where the run lives on AWS
  add column lambda_render_id text check (char_length(lambda_render_id) between 1 and 200),
  add column lambda_bucket text check (lambda_bucket ~ '^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$'),
  -- the file name asked for (outName); the output is renders/{render id}/{out name} in that bucket
  add column lambda_out_name text check (lambda_out_name ~ '^[a-z0-9][a-z0-9-]{0,99}\.[a-z0-9]{2,4}$'),
  -- how far the webhook got: the first one that arrived and when (a repeat changes nothing)
  add column lambda_webhook text check (lambda_webhook in ('success', 'error', 'timeout')),
  add column lambda_webhook_at timestamptz,
  -- the last getRenderProgress call, so watchers cannot make more than about one a second
  add column lambda_checked_at timestamptz,
  add constraint render_runs_lambda_only check (
    renderer = 'lambda' or (lambda_render_id is null and lambda_bucket is null and lambda_webhook is null)
  );
create unique index render_runs_lambda_render_id on public.render_runs (lambda_render_id) where lambda_render_id is not null;

-- Queue on Lambda: queue_render's checks, credit and snapshot unchanged, and the run marked
-- renderer = 'lambda' in the same transaction, so the local worker's claim (renderer = 'local') can
-- never see it. The app calls this one when Lambda is configured. A person who calls it directly with
-- no Lambda configured only parks their own paid run: cancel refunds it, and the progress route fails
-- (and refunds) a Lambda run that never started.
create or replace function public.queue_lambda_render(
  p_video_id uuid,
  p_expected_version integer,
  p_codec text,
  p_total_frames integer
) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  v_run uuid;
begin
  -- queue_render checks the caller (auth.uid(), membership, not anonymous) itself
  v_run := public.queue_render(p_video_id, p_expected_version, p_codec, p_total_frames);
  update public.render_runs set renderer = 'lambda', stage = 'Starting on Lambda' where id = v_run;
  return v_run;
end
$$;
revoke all on function public.queue_lambda_render(uuid, integer, text, integer) from public, anon;
grant execute on function public.queue_lambda_render(uuid, integer, text, integer) to authenticated, service_role;

-- The server's side (service key only; each checks the caller itself) -------------------------------

-- renderMediaOnLambda accepted the run: record where it lives. False when the run is no longer
-- waiting (canceled meanwhile): the caller leaves it alone.
create or replace function public.start_lambda_render_run(
  p_run_id uuid, p_render_id text, p_bucket text, p_out_name text
) returns boolean
language plpgsql security definer set search_path = '' as $$
begin
  if not private.is_service_role() then
    raise exception 'Only the server may start Lambda runs' using errcode = '42501';
  end if;
  update public.render_runs r
  set status = 'rendering', stage = 'Rendering on Lambda', attempt = r.attempt + 1, worker_id = 'lambda',
      started_at = coalesce(r.started_at, now()), heartbeat_at = now(), lambda_render_id = p_render_id,
      lambda_bucket = p_bucket, lambda_out_name = p_out_name
  where r.id = p_run_id and r.renderer = 'lambda' and r.status = 'queued' and r.lambda_render_id is null;
  return found;
end
$$;

-- May the caller ask Lambda for this run's progress now? True at most once per `p_min_interval_ms`
-- per run, whoever asks (the check and the stamp are one statement, so two servers cannot both pass).
create or replace function public.lambda_progress_due(p_run_id uuid, p_min_interval_ms integer) returns boolean
language plpgsql security definer set search_path = '' as $$
begin
  if not private.is_service_role() then
    raise exception 'Only the server may check Lambda progress' using errcode = '42501';
  end if;
  update public.render_runs r set lambda_checked_at = now()
  where r.id = p_run_id and r.renderer = 'lambda' and r.lambda_render_id is not null
    and r.status in ('rendering', 'encoding', 'uploading') and r.lambda_webhook is null
    and (r.lambda_checked_at is null or r.lambda_checked_at < now() - make_interval(secs => greatest(p_min_interval_ms, 250) / 1000.0));
  return found;
end
$$;

-- What getRenderProgress said, for the render it belongs to (a stale answer for another render id, or
-- for a run that has ended, changes nothing). Values are clamped to the row's own limits.
create or replace function public.record_lambda_progress(
  p_run_id uuid, p_render_id text, p_encoding boolean, p_progress real, p_rendered_frames integer, p_encoded_frames integer
) returns void
language plpgsql security definer set search_path = '' as $$
begin
  if not private.is_service_role() then
    raise exception 'Only the server may record Lambda progress' using errcode = '42501';
  end if;
  update public.render_runs r
  set status = case when p_encoding then 'encoding' else 'rendering' end,
      stage = case when p_encoding then 'Encoding on Lambda' else 'Rendering on Lambda' end,
      progress = least(greatest(coalesce(p_progress, 0), 0), 0.99),
      rendered_frames = least(greatest(coalesce(p_rendered_frames, 0), 0), r.total_frames),
      encoded_frames = least(greatest(coalesce(p_encoded_frames, 0), 0), r.total_frames),
      heartbeat_at = now()
  where r.id = p_run_id and r.lambda_render_id = p_render_id and r.lambda_webhook is null
    and r.status in ('rendering', 'encoding');
end
$$;

-- The first report of how a Lambda render ended (the webhook, or a progress check that found it done)
-- takes the run: the row is returned once and the caller finishes it (complete_render_run or
-- fail_render_run, which refunds once). A repeat gets nothing. A taker that died mid-copy (no ending
-- after 10 minutes) may be replaced by the next report.
create or replace function public.take_lambda_outcome(p_run_id uuid, p_render_id text, p_outcome text)
returns setof public.render_runs
language plpgsql security definer set search_path = '' as $$
begin
  if not private.is_service_role() then
    raise exception 'Only the server may record how a Lambda render ended' using errcode = '42501';
  end if;
  if p_outcome is null or p_outcome not in ('success', 'error', 'timeout') then
    raise exception 'Unknown Lambda outcome' using errcode = 'P0001';
  end if;
  return query
  update public.render_runs r
  set lambda_webhook = p_outcome, lambda_webhook_at = now(), heartbeat_at = now(),
      status = case when p_outcome = 'success' then 'uploading' else r.status end,
      stage = case when p_outcome = 'success' then 'Copying the file' else r.stage end,
      progress = case when p_outcome = 'success' then 0.99 else r.progress end
  where r.id = p_run_id and r.renderer = 'lambda' and r.lambda_render_id = p_render_id
    and r.status in ('rendering', 'encoding', 'uploading')
    and (r.lambda_webhook is null or r.lambda_webhook_at < now() - interval '10 minutes')
  returning r.*;
end
$$;

revoke all on function public.start_lambda_render_run(uuid, text, text, text),
  public.lambda_progress_due(uuid, integer),
  public.record_lambda_progress(uuid, text, boolean, real, integer, integer),
  public.take_lambda_outcome(uuid, text, text)
  from public, anon, authenticated;
grant execute on function public.start_lambda_render_run(uuid, text, text, text),
  public.lambda_progress_due(uuid, integer),
  public.record_lambda_progress(uuid, text, boolean, real, integer, integer),
  public.take_lambda_outcome(uuid, text, text)
  to service_role;
