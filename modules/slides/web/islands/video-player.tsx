import { useState } from 'react';
import { defineIsland, useT } from '@platform/web/client';

export interface VideoPlayerProps {
  /** The provider's player (YouTube's or Drive's embed address). */
  embedUrl: string;
  /** The video on the provider's site: where the link goes without JavaScript. */
  watchUrl: string;
  /** The slide's own picture, served by this site. */
  posterUrl: string | null;
  title: string;
}

/**
 * A video slide: the site's own poster with a play button; the provider's player is loaded only when
 * asked for (nothing is fetched from the provider before, and the page stays whole without network).
 * Without JavaScript the button is a link to the video on the provider's site.
 */
function VideoPlayer({ embedUrl, watchUrl, posterUrl, title }: VideoPlayerProps) {
  const _t = useT();
  const [playing, setPlaying] = useState(false);
  if (playing) {
    return <div className="ratio ratio-16x9"><iframe src={`${embedUrl}${embedUrl.includes('?') ? '&' : '?'}autoplay=1`} title={title} allow="autoplay; fullscreen" allowFullScreen className="border rounded" /></div>;
  }
  return (
    <div className="ratio ratio-16x9 bg-dark rounded overflow-hidden position-relative slides-video-poster">
      {posterUrl ? <img src={posterUrl} alt="" className="w-100 h-100" style={{ objectFit: 'cover' }} /> : <span />}
      <div className="d-flex align-items-end justify-content-center p-3">
        <a href={watchUrl} className="btn btn-light" target="_blank" rel="noopener" onClick={(e) => { e.preventDefault(); setPlaying(true); }}>
          {_t('Play the video')}
        </a>
      </div>
    </div>
  );
}

export default defineIsland('slides.video_player', VideoPlayer);
