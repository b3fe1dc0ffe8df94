import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './PhotoGallery.module.css';

// The zoom view is its own chunk: it loads when a shopper first opens a photo, never with the page.
const PhotoZoom = lazy(() => import('./PhotoZoom'));

export interface PhotoGalleryProps {
  photos: string[];
  /** The photo shown; thumbnails and swipes change it through `onIndex`. */
  index: number;
  onIndex: (index: number) => void;
  /** The product's title: the first photo's alternative text. */
  title: string;
}

/**
 * The product page's photos: a strip that swipes on phones (CSS scroll snap, no script to
 * drag), thumbnails to choose, and a tap or click on a photo opens it full screen, where it zooms.
 */
export function PhotoGallery({ photos, index, onIndex, title }: PhotoGalleryProps) {
  const { t } = useTranslation('catalog');
  const track = useRef<HTMLDivElement>(null);
  const [zoomed, setZoomed] = useState<number | null>(null);

  // A thumbnail (or a new piece) moves the strip to its photo. The first time, a swipe the shopper made
  // before the page's code arrived (the strip scrolls without it) chooses its photo instead
  // of being scrolled back.
  const adopted = useRef(false);
  const choose = useRef(onIndex);
  useEffect(() => {
    choose.current = onIndex;
  });
  useEffect(() => {
    const element = track.current;
    if (!element || element.clientWidth === 0) return;
    if (!adopted.current) {
      adopted.current = true;
      const shown = Math.round(element.scrollLeft / element.clientWidth);
      if (shown !== index && shown >= 0 && shown < photos.length) {
        choose.current(shown);
        return;
      }
    }
    const left = index * element.clientWidth;
    if (Math.abs(element.scrollLeft - left) > 2) element.scrollTo({ left, behavior: 'smooth' });
  }, [index, photos]);

  // A swipe that comes to rest on another photo chooses it.
  const settled = useRef<ReturnType<typeof setTimeout>>(undefined);
  const onScroll = () => {
    clearTimeout(settled.current);
    settled.current = setTimeout(() => {
      const element = track.current;
      if (!element || element.clientWidth === 0) return;
      const shown = Math.round(element.scrollLeft / element.clientWidth);
      if (shown !== index && shown >= 0 && shown < photos.length) onIndex(shown);
    }, 120);
  };
  useEffect(() => () => clearTimeout(settled.current), []);

  return (
    <>
      <div ref={track} className={styles.track} onScroll={onScroll}>
        {photos.map((src, n) => (
          <button
            key={src}
            type="button"
            className={styles.slide}
            onClick={() => setZoomed(n)}
            aria-label={t('product.zoomPhoto', { n: n + 1, count: photos.length })}
            tabIndex={n === index ? 0 : -1}
          >
            <img
              src={src}
              alt={n === 0 ? title : ''}
              width={800}
              height={1000}
              loading={n === 0 ? undefined : 'lazy'}
              fetchPriority={n === 0 ? 'high' : undefined}
              draggable={false}
            />
          </button>
        ))}
      </div>
      {photos.length > 1 ? (
        <ul className={styles.thumbs}>
          {photos.map((src, n) => (
            <li key={src}>
              <button type="button" onClick={() => onIndex(n)} aria-pressed={n === index} aria-label={t('product.photoN', { n: n + 1 })}>
                <img src={src} alt="" width={80} height={100} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {zoomed !== null ? (
        <Suspense fallback={null}>
          <PhotoZoom
            photos={photos}
            index={zoomed}
            title={title}
            onIndex={(n) => {
              setZoomed(n);
              onIndex(n);
            }}
            onClose={() => setZoomed(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
