import { useLayoutEffect, useRef, type CSSProperties } from 'react';
import { Img, useBufferState, useRemotionEnvironment } from 'remotion';

interface MediaImgProps {
  src: string;
  style?: CSSProperties;
  className?: string;
}

/**
 * Every picture of a template. Renders use Remotion's <Img>, which holds the frame until the
 * picture is decoded. In the browser (Player, thumbnails) a plain <img> does the same job through
 * the buffer state: a picture still loading pauses playback (the Player reports "waiting", the
 * controls show Buffering) instead of playing past a blank frame. Remotion's <Img> there calls
 * decode() on every mount, and React's development double mount aborts the first call, which it
 * logged as "EncodingError: The source image cannot be decoded" once per picture.
 */
export function MediaImg(props: MediaImgProps) {
  const environment = useRemotionEnvironment();
  // alt="": inside a video the pictures are decoration; the players carry the accessible name
  if (environment.isRendering) return <Img pauseWhenLoading alt="" {...props} />;
  return <BrowserImg {...props} />;
}

function BrowserImg({ src, style, className }: MediaImgProps) {
  const ref = useRef<HTMLImageElement>(null);
  const buffer = useBufferState();
  useLayoutEffect(() => {
    const img = ref.current;
    if (!img || (img.complete && img.naturalWidth > 0)) return;
    let handle: { unblock: () => void } | null = null;
    try {
      handle = buffer.delayPlayback();
    } catch {
      // a <Thumbnail> has no buffer state: there is no playback to pause
      return;
    }
    const done = () => handle?.unblock();
    img.addEventListener('load', done);
    img.addEventListener('error', done);
    return () => {
      img.removeEventListener('load', done);
      img.removeEventListener('error', done);
      done();
    };
  }, [src, buffer]);
  // eslint-disable-next-line @next/next/no-img-element -- a frame of a video, not a page image: next/image cannot run inside a composition
  return <img ref={ref} src={src} alt="" style={style} className={className} decoding="async" />;
}
