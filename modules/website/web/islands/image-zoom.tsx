import { useEffect, useState, type MouseEvent } from 'react';
import { defineIsland } from '@platform/web/client';

export interface ImageZoomProps {
  src: string;
  alt: string;
  width: number;
  height: number;
}

/** The spec: image zoom is disabled on screens narrower than 468px. */
export const ZOOM_MEDIA_QUERY = '(min-width: 468px)';
const ZOOM = 2;

/**
 * A picture that magnifies under the pointer. Zoom only exists at 468px and wider (it follows the
 * media query live, e.g. when a phone rotates); below that the picture is a plain image.
 */
function ImageZoom({ src, alt, width, height }: ImageZoomProps) {
  const [enabled, setEnabled] = useState(false);
  const [origin, setOrigin] = useState<string | null>(null);

  useEffect(() => {
    const query = window.matchMedia(ZOOM_MEDIA_QUERY);
    const update = () => {
      setEnabled(query.matches);
      if (!query.matches) setOrigin(null);
    };
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);

  const move = (e: MouseEvent<HTMLDivElement>) => {
    if (!enabled) return;
    const box = e.currentTarget.getBoundingClientRect();
    setOrigin(`${(((e.clientX - box.left) / box.width) * 100).toFixed(1)}% ${(((e.clientY - box.top) / box.height) * 100).toFixed(1)}%`);
  };

  return (
    <div className={`image-zoom${enabled ? ' zoom-enabled' : ''}${origin ? ' is-zoomed' : ''}`} data-zoom={enabled ? 'on' : 'off'}
      onMouseMove={move} onMouseLeave={() => setOrigin(null)}>
      <img src={src} alt={alt} width={width} height={height}
        style={origin ? { transform: `scale(${ZOOM})`, transformOrigin: origin } : undefined} />
    </div>
  );
}

export default defineIsland('website.image_zoom', ImageZoom);
