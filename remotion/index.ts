import { registerRoot } from 'remotion';
import { RemotionRoot } from './Root';

// Entry point for bundle() (the renderer and the local worker) and for Remotion Studio.
registerRoot(RemotionRoot);
