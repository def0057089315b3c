// Click → playable file through the real path: an in-memory stand-in with the demo listing, a video
// drafted as the app drafts it, queue_render as the member, then the worker's own loop body with
// the worker's renderer (already warm, as a running worker is).
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import path from 'node:path';
import type { Database } from '../../lib/database.types';
import { FallbackRenderer } from '../../worker/fallback-renderer';
import { processNextRun } from '../../worker/loop';
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

export async function clickToPlayable({ template, format, renderPath = 'web' }: { template: TemplateId; format: VideoFormat; renderPath?: 'web' | 'renderMedia' }): Promise<ClickResult> {
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
    return { frames, readyMs, path: renderer.lastPath ?? ready.path, queueMs, renderSeconds, seconds, bytes: run.output_bytes ?? 0, durationS: run.duration_s ?? 0 };
  } finally {
    await renderer.close();
    await standIn.stop();
  }
}
