// What every local Remotion script shares: the system Chromium (never a download), one bundle of
// remotion/ with a cache folder, and one browser for all renderer calls.
import { bundle } from '@remotion/bundler';
import { openBrowser } from '@remotion/renderer';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
export const browserExecutable = process.env.REMOTION_CHROMIUM ?? '/usr/bin/chromium';
export const onBrowserDownload = () => {
  throw new Error(`Refusing to download a browser; install Chromium at ${browserExecutable} or set REMOTION_CHROMIUM`);
};
// 'error' hides the renderer's container memory notice that repeats for every call.
export const logLevel = 'error' as const;

/** Bundles remotion/ once (webpack's cache under node_modules/.cache); returns the serve URL and the time it took. */
export async function bundleTemplates(): Promise<{ serveUrl: string; ms: number }> {
  const started = performance.now();
  const serveUrl = await bundle({
    entryPoint: path.join(root, 'remotion/index.ts'),
    publicDir: path.join(root, 'public'),
    outDir: path.join(root, 'node_modules/.cache/remotion-stills-bundle'),
  });
  return { serveUrl, ms: Math.round(performance.now() - started) };
}

/**
 * One browser for every call (openBrowser takes no onBrowserDownload; with an executable it never
 * downloads). Chromium's default GL: measured here, `gl: 'swangle'` rendered the same frames 2.6×
 * slower (3.2 fps against 8.4 fps for 90 frames of social-reel-portrait); the templates use no WebGL.
 */
export function openLocalBrowser() {
  return openBrowser('chrome', { browserExecutable, logLevel });
}
