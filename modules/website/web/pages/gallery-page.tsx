import { page } from '@platform/web';
import { useT } from '@platform/web/client';
import Gallery, { type GalleryImage } from '../islands/gallery';
import ImageZoom from '../islands/image-zoom';

export interface GalleryPageProps {
  images: GalleryImage[];
}

function GalleryContent({ images }: GalleryPageProps) {
  const _t = useT();
  const [featured] = images;
  return (
    <article className="gallery-page">
      <h1>{_t('Gallery')}</h1>
      <p>{_t('Open a picture to see it large; use the arrow keys to browse and Escape to close.')}</p>
      <Gallery images={images} />
      {featured ? (
        <section className="gallery-featured">
          <h2>{_t('Featured picture')}</h2>
          <p>{_t('Move the pointer over the picture to zoom in (on screens at least 468 pixels wide).')}</p>
          <ImageZoom src={featured.src} alt={featured.alt} width={960} height={640} />
        </section>
      ) : null}
    </article>
  );
}

export function galleryPage(props: GalleryPageProps) {
  return page('Gallery', <GalleryContent {...props} />);
}
