import { Img, type ImgProps } from 'remotion';

/**
 * Every picture of a template: in the Player, a picture still loading pauses playback (the Player
 * reports "waiting", the controls show Buffering) instead of playing past a blank frame. Renders
 * wait for it anyway.
 */
export function MediaImg(props: ImgProps) {
  // alt="": inside a video the pictures are decoration; the players carry the accessible name
  return <Img pauseWhenLoading alt="" {...props} />;
}
