import type { CSSProperties } from 'react';
import styles from './Skeleton.module.css';

export function Skeleton({ width = '100%', height = 16, style }: { width?: number | string; height?: number | string; style?: CSSProperties }) {
  return <span className={styles.skeleton} style={{ width, height, ...style }} aria-hidden="true" />;
}

/** A page-shaped placeholder while a page's module and data load. */
export function PageSkeleton({ label }: { label: string }) {
  return (
    <div className={styles.page} role="status" aria-live="polite" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      <Skeleton height={32} width="40%" />
      <Skeleton height={18} width="70%" />
      <Skeleton height={320} />
    </div>
  );
}
