import { initials } from './copy';
import { MediaImg } from './MediaImg';

type Props = { src?: string; name: string; size: number; ring: string; fill: string; ink: string; fontFamily: string; radius?: string };

/** The agent's photo, or their initials on a plain disc when no photo is on file. */
export function AgentPhoto({ src, name, size, ring, fill, ink, fontFamily, radius = '50%' }: Props) {
  const box = { width: size, height: size, borderRadius: radius, border: `6px solid ${ring}`, flexShrink: 0, overflow: 'hidden' } as const;
  if (src) return <MediaImg src={src} style={{ ...box, objectFit: 'cover' }} />;
  return (
    <div style={{ ...box, backgroundColor: fill, color: ink, display: 'flex', alignItems: 'center', justifyContent: 'center', fontFamily, fontSize: size * 0.36 }}>
      {initials(name)}
    </div>
  );
}
