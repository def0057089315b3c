import { Audio } from '@remotion/media';
import { provideMediaAudio } from './media-audio';

// For the render entries (Root.tsx, web-render/page.tsx): the audio component from the first frame,
// so a render never misses a clip (./media-audio.tsx says why the Player loads it later).
provideMediaAudio(Audio);
