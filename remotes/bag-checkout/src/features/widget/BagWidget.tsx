import { formatMoney } from '@preloved/contract';
import {
  cartAtom,
  cartQuantityAtom,
  cartTotalAtom,
  cartUnavailableCountAtom,
  refreshBag,
  refreshBagWhenVisible,
  type BagWidgetOptions,
} from '@preloved/shared';
import { useAtomValue } from 'jotai';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BagTotal } from '../../components/BagTotal';
import styles from './BagWidget.module.css';

/** Lines the widget lists before it says "and N more". */
const SHOWN_LINES = 3;


/**
 * The bag as the brand's main shop shows it (DESIGN.md §3): a button with the count that opens a
 * short list of the lines, the total and "go to checkout" into the second-hand store. It reads the
 * same store as the storefront, so a change in another tab shows here without a reload.
 */
export function BagWidget({ storeUrl = '', onChange }: BagWidgetOptions) {
  const { t, i18n } = useTranslation('bag');
  const lines = useAtomValue(cartAtom);
  // Counted as the header counts: the lines that can still be bought.
  const count = useAtomValue(cartQuantityAtom);
  const unavailable = useAtomValue(cartUnavailableCountAtom);
  const total = useAtomValue(cartTotalAtom);
  const [open, setOpen] = useState(false);
  const listId = useId();
  const base = storeUrl.replace(/\/$/, '');
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    changed.current?.({ count, total });
  }, [count, total]);

  useEffect(() => {
    // A signed-in customer's bag may have changed on another device: read it once on mount. Then
    // again whenever the shopper comes back to the tab, and when the widget opens.
    refreshBag().catch(() => undefined);
    return refreshBagWhenVisible();
  }, []);

  const toggle = () => {
    if (!open) refreshBag().catch(() => undefined);
    setOpen((value) => !value);
  };

  return (
    <div className={styles.widget}>
      <button
        type="button"
        className={styles.button}
        aria-expanded={open}
        aria-controls={listId}
        aria-label={unavailable > 0 ? t('widget.openWithUnavailable', { count, unavailable }) : t('widget.open', { count })}
        onClick={toggle}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path d="M5 8h14l-1 12H6L5 8zM9 8V6a3 3 0 0 1 6 0v2" />
        </svg>
        <span className={styles.label}>{t('widget.label')}</span>
        <span className={styles.badge} aria-hidden="true">
          {count}
        </span>
      </button>
      <section id={listId} className={styles.popover} hidden={!open} aria-label={t('widget.title')}>
        <h2 className={styles.title}>{t('widget.title')}</h2>
        {lines.length === 0 ? (
          <>
            <p>{t('widget.empty')}</p>
            <a className={styles.cta} href={`${base}/all`}>
              {t('widget.browse')}
            </a>
          </>
        ) : (
          <>
            <ul className={styles.lines}>
              {lines.slice(0, SHOWN_LINES).map((line) => {
                const unavailable = !line.valid_listing ? 'productUnavailable' : !line.valid_offer ? 'offerUnavailable' : null;
                return (
                  <li key={line.listing_id} className={unavailable ? styles.unavailable : undefined}>
                    <img src={`${base}${line.photo}`} alt="" width={40} height={50} />
                    <span className={styles.lineText}>
                      <span className={styles.lineTitle}>{line.title}</span>
                      {unavailable ? <span className={styles.note}>{t(`line.${unavailable}`)}</span> : null}
                    </span>
                    <span>{formatMoney(line.price, i18n.language, { currency: line.currency_symb_code })}</span>
                  </li>
                );
              })}
            </ul>
            {lines.length > SHOWN_LINES ? <p className={styles.more}>{t('widget.more', { count: lines.length - SHOWN_LINES })}</p> : null}
            <BagTotal classes={styles} />
            <a className={styles.cta} href={`${base}/checkout`}>
              {t('panel.goToCheckout')}
            </a>
          </>
        )}
      </section>
    </div>
  );
}
