import { isBuyableLine, type CheckoutData, type CheckoutLine, type CheckoutSummary, type DeliveryOption } from '@preloved/contract';
import { bagOpenAtom, cartAtom, loadCheckout, removeFromBag } from '@preloved/shared';
import { useRevalidator, type LoaderFunctionArgs } from '@preloved/shared/router';
import { useAtomValue } from 'jotai';
import { createContext, useContext, useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BagLineItem } from './BagLineItem';
import { useCheckoutProgress } from './checkout-progress';
import styles from './CheckoutFrame.module.css';
import { useCheckoutSummary } from './order-totals';
import { OrderTotals } from './OrderTotals';

const SummaryContext = createContext<CheckoutSummary | null>(null);
/** The server-priced order summary the frame shows, for the tab inside it (the delivery options' prices). */
export const useFrameSummary = () => useContext(SummaryContext);

/** The tabs' data: the checkout's lines and subtotal (GET checkout; a guest's local bag priced by the API). */
export function checkoutLoader({ request }: LoaderFunctionArgs): Promise<CheckoutData> {
  return loadCheckout(request.signal);
}

export type CheckoutTab = 'delivery' | 'review' | 'payment';
const TABS: CheckoutTab[] = ['delivery', 'review', 'payment'];

/**
 * The order summary panel (spec §2): the lines, the subtotal and every fee line and the
 * total from the first step; a disclosure on phones.
 */
export function OrderSummary({ checkout, summary, failure }: { checkout: CheckoutData; summary: CheckoutSummary | null; failure: string | null }) {
  const { t } = useTranslation('bag');
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  // What is being bought: the lines that cannot be bought are shown apart (UnavailableLines).
  const lines = checkout.lines.filter(isBuyableLine);
  return (
    <section className={styles.summary} aria-labelledby={`${bodyId}-title`}>
      <h2 id={`${bodyId}-title`} className={styles.summaryTitle}>
        {t('checkout.summary')}
      </h2>
      <button
        type="button"
        className={styles.disclosure}
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? t('checkout.hideSummary') : t('checkout.showSummary', { count: lines.length })}
      </button>
      <div id={bodyId} className={styles.summaryBody} data-open={open || undefined}>
        {lines.length === 0 ? (
          <p>{t('checkout.empty')}</p>
        ) : (
          <ul className={styles.lines}>
            {lines.map((line) => (
              <BagLineItem key={line.listing_id} line={{ ...line, customer_name: line.FirstName }} />
            ))}
          </ul>
        )}
        {lines.length === 0 ? null : <OrderTotals summary={summary} failure={failure} />}
      </div>
    </section>
  );
}

/**
 * The lines of the bag that can no longer be bought (sold, archived, an offer that lapsed), apart
 * from the order with a one-tap remove: they are not in the subtotal and the checkout
 * continues without them.
 */
function UnavailableLines({ lines }: { lines: CheckoutLine[] }) {
  const { t } = useTranslation('bag');
  const revalidator = useRevalidator();
  const [removing, setRemoving] = useState<number | null>(null);
  const titleId = useId();
  if (lines.length === 0) return null;
  const remove = async (line: CheckoutLine) => {
    setRemoving(line.listing_id);
    try {
      await removeFromBag(line);
      await revalidator.revalidate();
    } catch {
      // The API client's error catalogue has said what went wrong; the line stays.
    } finally {
      setRemoving(null);
    }
  };
  return (
    <section className={styles.unavailable} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.summaryTitle}>
        {t('checkout.unavailableTitle')}
      </h2>
      <p className={styles.meta}>{t('checkout.unavailableText')}</p>
      <ul className={styles.lines}>
        {lines.map((line) => (
          <BagLineItem
            key={line.listing_id}
            line={{ ...line, customer_name: line.FirstName }}
            onRemove={() => void remove(line)}
            removing={removing === line.listing_id}
          />
        ))}
      </ul>
    </section>
  );
}

/**
 * Spec §4, "Close bag on /checkout or /review": when the bag panel closes over a checkout tab and its
 * line count differs from the checkout's, the tab's data is read again (a line removed in the panel
 * leaves the order). Every tab of the frame does it, /payment too.
 */
function useRefetchWhenBagChanged(checkoutLines: number) {
  const revalidator = useRevalidator();
  const bagOpen = useAtomValue(bagOpenAtom);
  const count = useAtomValue(cartAtom).length;
  useEffect(() => {
    if (!bagOpen && count !== checkoutLines && revalidator.state === 'idle') void revalidator.revalidate();
  }, [bagOpen, count, checkoutLines, revalidator]);
}

/**
 * The checkout's frame: the three tabs (delivery, review, payment; spec §4) as the steps of one
 * form, the tab's content, and the order summary beside it on wide screens.
 */
export function CheckoutFrame({
  tab,
  checkout,
  deliveryOption,
  children,
}: {
  tab: CheckoutTab;
  checkout: CheckoutData;
  /** The option being chosen on the delivery tab; the other tabs use the one chosen there. */
  deliveryOption?: DeliveryOption | null;
  children: ReactNode;
}) {
  const { t } = useTranslation('bag');
  const [progress] = useCheckoutProgress();
  useRefetchWhenBagChanged(checkout.lines.length);
  const linesKey = checkout.lines.map((line) => `${line.listing_id}:${line.price}:${isBuyableLine(line)}`).join(',');
  const { summary, failure } = useCheckoutSummary(deliveryOption === undefined ? progress.delivery_option : deliveryOption, linesKey, checkout.lines.some(isBuyableLine));
  useEffect(() => {
    document.title = `${t(`tabs.${tab}`)} — ${t('checkout.title')} — Preloved`;
  }, [t, tab]);
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{t('checkout.title')}</h1>
      <ol className={styles.tabs} aria-label={t('tabs.label')}>
        {TABS.map((name, index) => (
          <li key={name} aria-current={name === tab ? 'step' : undefined} className={styles.tab}>
            <span className={styles.tabNumber}>{index + 1}</span> {t(`tabs.${name}`)}
          </li>
        ))}
      </ol>
      <div className={styles.main}>
        <UnavailableLines lines={checkout.lines.filter((line) => !isBuyableLine(line))} />
        <SummaryContext.Provider value={summary}>{children}</SummaryContext.Provider>
      </div>
      <aside className={styles.aside}>
        <OrderSummary checkout={checkout} summary={summary} failure={failure} />
      </aside>
    </div>
  );
}
