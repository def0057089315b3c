// The benchmark's listing video: the sample listing (remotion/sample-listing.ts) with as many photos as make `seconds` of video
// (the template's pacing decides), every picture and the music loaded by URL.
import { DEFAULT_FPS } from '../../remotion/constants';
import { timelineFor, type TemplateId } from '../../remotion/catalog';
import { sampleListing } from '../../remotion/sample-listing';
import type { VideoProps } from '../../remotion/schema';

const ROOMS = ['exterior-dusk', 'living-room', 'kitchen', 'dining-room', 'bedroom', 'pool-garden'];

export function benchProps(template: TemplateId, seconds: number, url: (name: string) => string): VideoProps {
  const base: VideoProps = {
    listing: sampleListing,
    scenes: [],
    agent: { fullName: 'Maya Thompson', title: 'Senior Listing Agent', phone: '(503) 555-0142', email: 'maya@harborrealty.com', brokerage: 'Harbor Realty Group', photoSrc: url('agent'), logoSrc: url('logo') },
    brandColor: '#ff5a36',
    music: { src: url('music.mp3'), volume: 0.6, fadeInSeconds: 1, fadeOutSeconds: 2 },
    fps: DEFAULT_FPS,
    locale: 'en-US',
  } as VideoProps;
  for (let count = 1; count <= 40; count++) {
    const scenes = Array.from({ length: count }, (_, i) => ({ id: `scene-${i + 1}`, src: url(ROOMS[i % ROOMS.length]), caption: `Room ${i + 1}` }));
    const props = { ...base, scenes };
    if (timelineFor(template, props).durationInFrames >= seconds * DEFAULT_FPS) return props;
  }
  throw new Error(`${template} cannot make ${seconds} s from 40 photos`);
}
