import type { PieceCard } from '@preloved/contract';
import { ProductCard } from './ProductCard';
import styles from './PieceCards.module.css';
import { useListingText } from './use-listing-text';

export interface PieceCardsProps<Piece extends PieceCard> {
  pieces: readonly Piece[];
  /** The piece's size as the API names it. */
  size: (piece: Piece) => string;
  /** The card's title; by default the piece's. */
  title?: (piece: Piece) => string;
  /** How many cards, from the first, load their photo at once. */
  eager?: number;
  /** The answer's condition values: names for conditions the translations do not know. */
  conditions?: readonly { id: number; option: string }[];
  /** Five columns on wide screens (a seller's page) instead of four. */
  wide?: boolean;
}

/** Cards of single pieces on sale (a seller's page, similar pieces), each a link to its product page on that piece. */
export function PieceCards<Piece extends PieceCard>({ pieces, size, title = (piece) => piece.title, eager = 0, wide = false, conditions }: PieceCardsProps<Piece>) {
  const { conditionName, sizeLabel, price } = useListingText(conditions);
  return (
    <ul className={wide ? `${styles.grid} ${styles.wide}` : styles.grid}>
      {pieces.map((piece, index) => (
        <li key={piece.listing_id}>
          <ProductCard
            to={`/product/${piece.product_id}?variant=${piece.product_variant_id}&listing=${piece.listing_id}`}
            photo={piece.photo}
            title={title(piece)}
            condition={conditionName(piece.condition_id)}
            size={sizeLabel(size(piece))}
            price={price(piece.price)}
            eager={index < eager}
          />
        </li>
      ))}
    </ul>
  );
}
