import { staticFile } from 'remotion';
import { sampleListing } from './sample-listing';
import type { VideoProps } from './schema';

// Sample listings for the studio, the stills script and the tests. Photos are illustrations
// generated for the project (public/remotion/samples), so nothing depends on outside media.

export const samplePhoto = (name: string) => staticFile(`remotion/samples/${name}.jpg`);

const ROOMS = [
  ['exterior-dusk', 'Modern living at dusk'],
  ['living-room', 'Sun-filled living room'],
  ['kitchen', "Chef's kitchen with island"],
  ['dining-room', 'Dining for eight'],
  ['bedroom', 'Calm primary suite'],
  ['pool-garden', 'Heated pool and garden'],
] as const;

export const sampleScenes = (count: number): VideoProps['scenes'] =>
  Array.from({ length: count }, (_, i) => {
    const [photo, caption] = ROOMS[i % ROOMS.length];
    return { id: `scene-${i + 1}`, src: samplePhoto(photo), caption };
  });

export const sampleVideoProps: VideoProps = {
  listing: sampleListing,
  scenes: sampleScenes(6),
  agent: {
    fullName: 'Maya Thompson',
    title: 'Senior Listing Agent',
    phone: '(503) 555-0142',
    email: 'maya@harborrealty.com',
    brokerage: 'Harbor Realty Group',
    photoSrc: staticFile('remotion/samples/agent.jpg'),
    logoSrc: staticFile('remotion/samples/logo.png'),
  },
  brandColor: '#1f4e79',
  fps: 30,
  locale: 'en-US',
};
