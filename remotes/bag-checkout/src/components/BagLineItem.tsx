import { formatMoney, type BagLine } from '@preloved/contract';
import { AppLink, refreshBag } from '@preloved/shared';
import { Countdown, WishlistButton, useListingText } from '@preloved/ui';
import { useTranslation } from 'react-i18next';
import styles from './BagLineItem.module.css';

/** Where a bag line leads: its product page with the line's listing selected (spec §2). */
export function lineHref(line: BagLine): string {
  return `/product/${line.product_brand_id}?variant=${line.variant_id}&listing=${line.listing_id}`;
}

export interface BagLineItemProps {
  line: BagLine;
  /** Without it the line is a summary (the checkout's): no heart, no remove. */
  onRemove?: (line: BagLine) => void;
  removing?: boolean;
  /** Links leave the panel: it closes first. */
  onNavigate?: () => void;
}

/**
 * One bag line (spec §2): photo, title, seller, two option values, condition, price, wishlist heart
 * and remove. An unavailable listing or offer greys the line, drops its link, disables the heart
 * and says so (spec §4 bag line flags).
 */
export function BagLineItem({ line, onRemove, removing = false, onNavigate }: BagLineItemProps) {
  const { t, i18n } = useTranslation('bag');
  const { colourName, sizeLabel } = useListingText();
  const unavailable = !line.valid_listing
    ? 'productUnavailable'
    : !line.valid_offer
      ? 'offerUnavailable'
      : null;
  const money = (euros: number) => formatMoney(euros, i18n.language, { currency: line.currency_symb_code });
  // The price it was added at, against the API's price now: both shown when it fell,
  // said before checkout when it rose. Nothing to compare for a line that cannot be bought.
  const added = line.price_added ?? null;
  const fell = !unavailable && added !== null && line.price < added;
  const rose = !unavailable && added !== null && line.price > added;
  const photo = (
    <img
      className={styles.photo}
      src={line.photo}
      alt=""
      width={80}
      height={100}
      loading="lazy"
      decoding="async"
    />
  );
  return (
    <li className={`${styles.line} ${unavailable ? styles.unavailable : ''}`}>
      {unavailable ? (
        photo
      ) : (
        <AppLink to={lineHref(line)} onClick={onNavigate} tabIndex={-1} aria-hidden="true">
          {photo}
        </AppLink>
      )}
      <div className={styles.text}>
        <h3 className={styles.title}>
          {unavailable ? (
            line.title
          ) : (
            <AppLink to={lineHref(line)} onClick={onNavigate}>
              {line.title}
            </AppLink>
          )}
        </h3>
        <p className={styles.meta}>{t('line.listedBy', { name: line.customer_name })}</p>
        <p className={styles.meta}>
          {colourName(line.options.O1Child)} · {sizeLabel(line.options.O2Child)}
        </p>
        <p className={styles.meta}>{line.condition_description}</p>
        {!unavailable && line.offer_id !== null && line.offer_expire ? (
          // The accepted offer's buy window: at zero the bag is read again and the line says "Offer unavailable".
          <p className={styles.meta}>
            {line.offer_price != null && line.price < line.offer_price ? t('line.offerCeiling', { offer: money(line.offer_price) }) : t('line.offerPrice')} <Countdown variant="compact" expiresAt={line.offer_expire} onEnd={() => void refreshBag().catch(() => undefined)} />
          </p>
        ) : null}
        {unavailable ? (
          <p className={styles.flag} role="note">
            {t(`line.${unavailable}`)}
          </p>
        ) : rose ? (
          <p className={styles.flag} role="note">
            {t('line.priceRose', { was: money(added) })}
          </p>
        ) : null}
      </div>
      <div className={styles.side}>
        {fell ? (
          // Both prices, and one sentence for screen readers instead of two loose numbers.
          <p className={styles.price}>
            <span className="visually-hidden">{t('line.priceFell', { price: money(line.price), was: money(added) })}</span>
            <span aria-hidden="true">
              <span className={styles.was}>{t('line.was', { price: money(added) })}</span> <span>{money(line.price)}</span>
            </span>
          </p>
        ) : (
          <p className={styles.price}>{money(line.price)}</p>
        )}
        {onRemove ? (
          <div className={styles.actions}>
            <WishlistButton
              childId={line.product_child_id}
              title={line.title}
              disabled={Boolean(unavailable)}
            />
            <button
              type="button"
              className={styles.remove}
              onClick={() => onRemove(line)}
              disabled={removing}
              aria-busy={removing || undefined}
              aria-label={t('line.remove', { title: line.title })}
            >
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13" />
              </svg>
            </button>
          </div>
        ) : null}
      </div>
    </li>
  );
}
