import { CloseIcon, useModalDialog } from '@preloved/ui';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './PhotoGallery.module.css';

export interface PhotoZoomProps {
  photos: string[];
  index: number;
  title: string;
  onIndex: (index: number) => void;
  onClose: () => void;
}

/** How far a tap zooms in. */
const ZOOM = 2.5;
/** A pointer that moves less than this between down and up tapped; more is a swipe or a pan. */
const TAP_PX = 8;

/**
 * A photo full screen (a modal dialog): a tap or click zooms in where it landed and out again; zoomed
 * in, dragging (or moving the mouse) looks around; not zoomed, a swipe, the arrow keys or the buttons
 * go to the next or previous photo. Escape closes and gives focus back to the photo that opened it.
 */
export default function PhotoZoom({ photos, index, title, onIndex, onClose }: PhotoZoomProps) {
  const { t } = useTranslation('catalog');
  const dialog = useModalDialog(true, onClose);
  const [zoom, setZoom] = useState<{ x: number; y: number } | null>(null);
  const down = useRef<{ x: number; y: number; origin: { x: number; y: number } | null } | null>(null);
  const count = photos.length;
  const go = (step: number) => {
    setZoom(null);
    onIndex((index + step + count) % count);
  };
  useEffect(() => setZoom(null), [index]);

  /** The point of the photo under the pointer, in % of its box. */
  const pointIn = (event: PointerEvent<HTMLElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: ((event.clientX - box.left) / box.width) * 100, y: ((event.clientY - box.top) / box.height) * 100 };
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    down.current = { x: event.clientX, y: event.clientY, origin: zoom };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!zoom) return;
    const start = down.current;
    if (start && start.origin) {
      // Dragging moves the photo with the finger: the focus point moves the other way.
      const box = event.currentTarget.getBoundingClientRect();
      const dx = ((event.clientX - start.x) / box.width) * (100 / (ZOOM - 1));
      const dy = ((event.clientY - start.y) / box.height) * (100 / (ZOOM - 1));
      setZoom({ x: clamp(start.origin.x - dx), y: clamp(start.origin.y - dy) });
    } else if (event.pointerType === 'mouse') {
      setZoom(pointIn(event));
    }
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = down.current;
    down.current = null;
    if (!start) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.hypot(dx, dy) < TAP_PX) {
      setZoom(zoom ? null : pointIn(event));
    } else if (!zoom && Math.abs(dx) > Math.abs(dy) && count > 1) {
      go(dx < 0 ? 1 : -1);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'ArrowRight' && count > 1) go(1);
    else if (event.key === 'ArrowLeft' && count > 1) go(-1);
    else return;
    event.preventDefault();
  };

  return (
    <dialog ref={dialog} className={styles.zoom} aria-label={t('product.zoomTitle', { title, n: index + 1, count })} onKeyDown={onKeyDown}>
      <div
        className={styles.stage}
        data-zoomed={zoom ? true : undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (down.current = null)}
      >
        <img
          src={photos[index]}
          alt={t('product.zoomTitle', { title, n: index + 1, count })}
          draggable={false}
          style={zoom ? { transform: `scale(${ZOOM})`, transformOrigin: `${zoom.x}% ${zoom.y}%` } : undefined}
        />
      </div>
      <p className={styles.zoomHint}>{zoom ? t('product.zoomOut') : t('product.zoomIn')}</p>
      <button type="button" className={styles.zoomClose} onClick={onClose} aria-label={t('product.zoomClose')}>
        <CloseIcon size={22} />
      </button>
      {count > 1 ? (
        <>
          <button type="button" className={`${styles.zoomStep} ${styles.zoomPrevious}`} onClick={() => go(-1)} aria-label={t('product.previousPhoto')}>
            ‹
          </button>
          <button type="button" className={`${styles.zoomStep} ${styles.zoomNext}`} onClick={() => go(1)} aria-label={t('product.nextPhoto')}>
            ›
          </button>
          <p className={styles.zoomCount} aria-live="polite">
            {t('product.photoOf', { n: index + 1, count })}
          </p>
        </>
      ) : null}
    </dialog>
  );
}

const clamp = (value: number) => Math.max(0, Math.min(100, value));
