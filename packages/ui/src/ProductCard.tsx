import { AppLink } from '@preloved/shared';
import type { ReactNode } from 'react';
import styles from './ProductCard.module.css';

export interface ProductCardProps {
  to: string;
  photo: string;
  title: string;
  /** Already translated: condition, first size, number of colours, price or range. */
  condition: string;
  size?: string;
  colours?: string;
  price: string;
  /** Who sells the card's pieces when it is the brand itself (Brand Direct): "Sold by …". */
  seller?: ReactNode;
  /**
   * The first row of a grid loads eagerly and first (`fetchpriority="high"`: one of its photos is the
   * page's largest paint, and it must not queue behind the page's scripts); the rest lazily.
   */
  eager?: boolean;
  onNavigate?: () => void;
}

/** A listing card: photo (4:5, whole garment), title, condition, first size, colours, price (spec §2). */
export function ProductCard({ to, photo, title, condition, size, colours, price, seller, eager = false, onNavigate }: ProductCardProps) {
  return (
    <article className={styles.card}>
      <AppLink to={to} className={styles.link} onClick={onNavigate}>
        <span className={styles.photo}>
          <img src={photo} alt="" width={400} height={500} loading={eager ? 'eager' : 'lazy'} fetchPriority={eager ? 'high' : undefined} decoding="async" />
        </span>
        <h3 className={styles.title}>{title}</h3>
      </AppLink>
      <p className={styles.meta}>
        <span className={styles.condition}>{condition}</span>
        {size ? <span>{size}</span> : null}
        {colours ? <span>{colours}</span> : null}
      </p>
      <p className={styles.price}>{price}</p>
      {seller ? <p className={styles.seller}>{seller}</p> : null}
    </article>
  );
}
