// Click → playable file through the real path: an in-memory stand-in with the demo listing, a video
// drafted as the app drafts it, queue_render as the member, then the worker's own loop body with
// the worker's renderer (already warm, as a running worker is).
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import path from 'node:path';
import type { Database } from '../../lib/database.types';
import { FallbackRenderer } from '../../worker/fallback-renderer';
import { processNextRun } from '../../worker/loop';
import { renderAheadOnce } from '../../worker/segments/ahead';
import { SegmentStore } from '../../worker/segments/store';
import { createVideo } from '../../lib/videos/writes';
import { timelineFor, type TemplateId } from '../../remotion/catalog';
import type { VideoFormat } from '../../remotion/constants';
import type { VideoProps } from '../../remotion/schema';
import { startTestStandIn } from '../../supabase/local/testing';
import { DEMO_LISTING_ID, DEMO_TEAM_ID, seedDemoListing } from '../demo-listing';

const root = path.resolve(import.meta.dirname, '..', '..');

function client(url: string, key: string): SupabaseClient<Database> {
  return createClient<Database>(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
}

export interface ClickResult {
  frames: number;
  readyMs: number;
  path: string;
  queueMs: number;
  renderSeconds: number;
  seconds: number;
  bytes: number;
  durationS: number;
}

export interface CacheClicks {
  /** the same video held to 30 s, clicked with no cache: what the cached clicks compare with */
  full: { seconds: number; frames: number }
  cold: { seconds: number; reusedFrames: number }
  edited: { seconds: number; reusedFrames: number }
  ahead: { seconds: number; reusedFrames: number }
  aheadSeconds: number
  storedBytes: number
  minutes: number
}

/**
 * With `withCache`, the same video is then held to 30 s, clicked once with no cache (the full
 * render), then through the segment cache three more times: cold
 * (everything rendered and stored), after one scene's caption was edited, and after another edit
 * that an idle worker rendered ahead before the click.
 */
export async function clickToPlayable({ template, format, renderPath = 'web', withCache = false }: { template: TemplateId; format: VideoFormat; renderPath?: 'web' | 'renderMedia'; withCache?: boolean }): Promise<ClickResult & { cache?: CacheClicks }> {
  const standIn = await startTestStandIn({ migrationsDir: path.join(root, 'supabase/migrations'), seedFile: path.join(root, 'supabase/seed.sql') });
  const renderer = new FallbackRenderer({ web: renderPath === 'web' });
  try {
    const service = client(standIn.url, standIn.config.serviceRoleKey);
    await seedDemoListing(standIn.url, standIn.config.serviceRoleKey);
    const member = client(standIn.url, standIn.config.anonKey);
    const { data: session, error } = await member.auth.signInWithPassword({ email: 'member@demo.test', password: 'demo-password-1' });
    if (error || !session.user) throw new Error(`sign-in failed: ${error?.message}`);
    const t0 = performance.now();
    const ready = await renderer.ready();
    const readyMs = Math.round(performance.now() - t0);

    const { id } = await createVideo(member as never, session.user.id, DEMO_TEAM_ID, DEMO_LISTING_ID, { title: 'Benchmark', template, format });
    const { data: video } = await service.from('videos').select('version, props').eq('id', id).single();
    const frames = timelineFor(template, video!.props as unknown as VideoProps).durationInFrames;
    const click = performance.now();
    const { data: runId, error: queueError } = await member.rpc('queue_render', { p_video_id: id, p_expected_version: video!.version, p_codec: 'h264', p_total_frames: frames });
    if (queueError) throw new Error(queueError.message);
    const queueMs = Math.round(performance.now() - click);
    await processNextRun({ db: service, renderer, workerId: 'bench', log: () => {} });
    const seconds = (performance.now() - click) / 1000;
    const { data: run } = await service.from('render_runs').select('status, output_bytes, duration_s, started_at, finished_at, error_message').eq('id', runId as string).single();
    if (run?.status !== 'succeeded') throw new Error(`run ${run?.status}: ${run?.error_message}`);
    const renderSeconds = (new Date(run.finished_at!).getTime() - new Date(run.started_at!).getTime()) / 1000;
    const result = { frames, readyMs, path: renderer.lastPath ?? ready.path, queueMs, renderSeconds, seconds, bytes: run.output_bytes ?? 0, durationS: run.duration_s ?? 0 };
    if (!withCache) return result;

    // the render cache (issue 28), on the same video and the same warm worker
    const store = new SegmentStore(service);
    const clickOnce = async () => {
      const { data: now } = await service.from('videos').select('version, props').eq('id', id).single();
      const started = performance.now();
      const queued = await member.rpc('queue_render', { p_video_id: id, p_expected_version: now!.version, p_codec: 'h264', p_total_frames: timelineFor(template, now!.props as unknown as VideoProps).durationInFrames });
      if (queued.error) throw new Error(queued.error.message);
      await processNextRun({ db: service, renderer, workerId: 'bench', log: () => {}, segments: store });
      const s = (performance.now() - started) / 1000;
      const { data: done } = await service.from('render_runs').select('status, reused_frames, error_message').eq('id', queued.data as string).single();
      if (done?.status !== 'succeeded') throw new Error(`run ${done?.status}: ${done?.error_message}`);
      return { seconds: s, reusedFrames: done.reused_frames }
    };
    const editCaption = async (scene: number, caption: string) => {
      const { data: now } = await service.from('videos').select('props').eq('id', id).single();
      const props = now!.props as unknown as VideoProps;
      const edited = { ...props, scenes: props.scenes.map((s, i) => (i === scene ? { ...s, caption } : s)) };
      const { error: editError } = await member.from('videos').update({ props: edited as never }).eq('id', id);
      if (editError) throw new Error(editError.message);
    };
    // the 30-s video: the demo listing's scenes held longer until the video lasts 30 s
    const { data: base } = await service.from('videos').select('props').eq('id', id).single();
    const baseProps = base!.props as unknown as VideoProps;
    const longer = (seconds: number) => ({ ...baseProps, scenes: baseProps.scenes.map((scene) => ({ ...scene, seconds })) });
    let hold = 3;
    while (hold < 10 && timelineFor(template, longer(hold)).durationInFrames < 900) hold += 0.5;
    const { error: lengthenError } = await member.from('videos').update({ props: longer(hold) as never }).eq('id', id);
    if (lengthenError) throw new Error(lengthenError.message);
    const { data: now } = await service.from('videos').select('version, props').eq('id', id).single();
    const thirty = timelineFor(template, now!.props as unknown as VideoProps).durationInFrames;
    const fullStarted = performance.now();
    const fullRun = await member.rpc('queue_render', { p_video_id: id, p_expected_version: now!.version, p_codec: 'h264', p_total_frames: thirty });
    if (fullRun.error) throw new Error(fullRun.error.message);
    await processNextRun({ db: service, renderer, workerId: 'bench', log: () => {} });
    const full = { seconds: (performance.now() - fullStarted) / 1000, frames: thirty };
    const cold = await clickOnce();
    const { data: rows } = await service.from('render_segments').select('bytes, kind').eq('video_id', id);
    const storedBytes = (rows ?? []).reduce((sum, r) => sum + r.bytes, 0);
    await editCaption(1, 'A kitchen made for cooking');
    const edited = await clickOnce();
    await editCaption(2, 'Room to gather');
    const web = renderer.webPath();
    if (!web) throw new Error('render ahead needs the in-browser path');
    const aheadStarted = performance.now();
    await renderAheadOnce({ db: service, renderer: web, store, settleSeconds: 0 });
    const aheadSeconds = (performance.now() - aheadStarted) / 1000;
    const ahead = await clickOnce();
    return { ...result, cache: { full, cold, edited, ahead, aheadSeconds, storedBytes, minutes: thirty / 30 / 60 } };
  } finally {
    await renderer.close();
    await standIn.stop();
  }
}
