// What the worker (Node) and the render page (browser) say to each other; plain JSON both ways.

export interface WebRenderPart {
  part: number;
  compositionId: string;
  inputProps: Record<string, unknown>;
  /** inclusive, like Remotion's frameRange */
  frameRange: [number, number];
  scale: number;
  videoBitrate: number;
  keyframeIntervalInSeconds: number;
  muted: boolean;
  /** the sound alone, as a WAV (no frame is drawn): the render cache mixes the whole audio apart */
  audioOnly: boolean;
  timeoutMs: number;
  /** where the page PUTs the finished part (the worker's own server, same origin) */
  uploadUrl: string;
}

export interface WebRenderSupport {
  ok: boolean;
  reason: string | null;
}
