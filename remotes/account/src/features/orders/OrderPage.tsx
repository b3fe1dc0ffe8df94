import { formatMoney, type OrderDetail } from '@preloved/contract';
import { cancelOrder, confirmOrderReceived, findOrder, readRefusal, refusalText, reportOrderProblem, useToast } from '@preloved/shared';
import { hasSession, Link, type LoaderFunctionArgs, usePageData, useReloadOnSignIn } from '@preloved/shared/router';
import { Button, ConfirmDialog, EmptyState, FormFailure, OrderProducts, PageSkeleton, buttonClassName } from '@preloved/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddressLines } from '../../components/AddressLines';
import { TrackingNumbers } from '../../components/TrackingNumbers';
import account from '../../components/AccountPage.module.css';
import parts from '../../components/OrderParts.module.css';
import { formatDate } from '../../lib/format';
import { accountMessage } from '../../lib/messages';
import { HubNote, HubVerdict, refundKey, refundReason } from '../../components/HubNotes';
import { BrandInvoiceLink, BrandReturn, useOrderReturns } from './BrandReturn';
import styles from './OrderPage.module.css';

/** What the loader found: the order, or that there is none of this customer's with that id. */
export type OrderData = { order: OrderDetail } | { missing: true };

export async function orderLoader({ params, request }: LoaderFunctionArgs): Promise<OrderData | null> {
  if (!hasSession()) return null;
  const order = await findOrder(params.orderId, request.signal);
  return order ? { order } : { missing: true };
}

/**
 * /user/orders/{id} — one order (spec §3 "Order"): number, date, total, products by package, shipped
 * by, delivery date, tracking number, the delivery and billing addresses, the payment and the review.
 * A shipped order asks the buyer to confirm it arrived; a delivered one links to /review-order/{id}.
 */
export function OrderPage() {
  const data = usePageData<OrderData | null>();
  const { t } = useTranslation('account');
  useReloadOnSignIn(Boolean(data));
  const number = data && 'order' in data ? data.order.number : null;
  useEffect(() => {
    document.title = `${number ? t('order.title', { number }) : t('order.missing')} — Preloved`;
  }, [t, number]);

  if (!data) return <PageSkeleton label={t('orders.title')} />;
  if ('missing' in data)
    return (
      <EmptyState
        role="status"
        title={t('order.missing')}
        action={
          <Link to="/user/orders" className={buttonClassName('primary')}>
            {t('order.backToOrders')}
          </Link>
        }
      >
        <p>{t('order.missingText')}</p>
      </EmptyState>
    );
  return <Order key={data.order.id} initial={data.order} />;
}

function Order({ initial }: { initial: OrderDetail }) {
  const { t, i18n } = useTranslation('account');
  const toast = useToast();
  const [order, setOrder] = useState(initial);
  // Pieces the brand sold itself (Brand Direct): their 14-day return.
  const [returns, setReturns] = useOrderReturns(initial.id);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const titleId = useId();
  const language = i18n.language;
  const price = (amount: number) => formatMoney(amount, language, { currency: order.currency_symb_code });
  const minus = (amount: number) => formatMoney(amount, language, { currency: order.currency_symb_code, minus: true });
  const date = (value: string) => formatDate(value, language);

  const received = async () => {
    setBusy(true);
    setFailure(null);
    try {
      setOrder(await confirmOrderReceived(order.id));
      toast.success(t('order.receivedSaved'));
    } catch (error) {
      setFailure((await readRefusal(error)).text);
    } finally {
      setBusy(false);
    }
  };

  // An order placed while the store checked nothing (VERIFICATION_MODE=none) has no verification line.
  const fees: Array<[string, number]> = [
    ['processing', order.fees.processing],
    ...(order.fees.verification ? [['verification', order.fees.verification] as [string, number]] : []),
    ['shipping', order.fees.shipping],
    ['delivery', order.fees.delivery],
  ];
  const shipped = order.packages.map((pack) => pack.shipped_at);
  const shippedOn = shipped.length > 0 && shipped.every(Boolean) ? shipped.reduce((last, at) => (at! > last! ? at : last)) : null;
  return (
    <article className={styles.page} aria-labelledby={titleId}>
      <p className={styles.back}>
        <Link to="/user/orders">{t('order.backToOrders')}</Link>
      </p>
      <h2 id={titleId} className={styles.title}>
        {t('order.title', { number: order.number })}
      </h2>
      <dl className={parts.facts}>
        <div>
          <dt>{t('orders.date')}</dt>
          <dd>{date(order.date)}</dd>
        </div>
        <div>
          <dt>{t('orders.status')}</dt>
          <dd>{t(`orders.statuses.${order.cancelled ? 'cancelled' : order.status}`)}</dd>
        </div>
        <div>
          <dt>{t('orders.total')}</dt>
          <dd>{price(order.total)}</dd>
        </div>
        <div>
          {/* Spec §3's "shipped by": the day it ships by, then the day it shipped (every package's last). */}
          <dt>{shippedOn ? t('order.shippedOn') : t('order.shipsBy')}</dt>
          <dd>{date(shippedOn ?? order.shipped_by)}</dd>
        </div>
        <div>
          <dt>{order.delivery_date_estimated ? t('order.expectedDelivery') : t('order.deliveryDate')}</dt>
          <dd>{date(order.delivery_date)}</dd>
        </div>
        <div>
          <dt>{t('order.trackingNumber')}</dt>
          <dd>
            <TrackingNumbers tracking={order.tracking} none={order.tracking_number ?? t('order.notShipped')} />
          </dd>
        </div>
      </dl>

      {order.status === 'shipped' ? (
        <div className={styles.callout}>
          <p>{t('order.receivedQuestion')}</p>
          <Button busy={busy} disabled={busy} onClick={() => void received()}>
            {t('order.received')}
          </Button>
          <FormFailure>{failure}</FormFailure>
        </div>
      ) : null}

      <CancelSection order={order} onCancelled={setOrder} />

      {order.cancelled ? null : <ProblemSection order={order} onReported={setOrder} />}

      <section aria-labelledby={`${titleId}-products`} className={styles.section}>
        <h3 id={`${titleId}-products`}>{t('order.products')}</h3>
        {order.packages.map((pack, index) => (
          <section key={pack.id} className={styles.package} aria-label={t('order.packageOf', { index: index + 1, seller: pack.seller })}>
            <h4>{t('order.packageOf', { index: index + 1, seller: pack.seller })}</h4>
            <p className={parts.meta}>
              {pack.shipped_at
                ? t('order.packageShipped', { date: date(pack.shipped_at), tracking: pack.tracking_number ?? '' })
                : t('order.packageShipBy', { date: date(pack.ship_by) })}
            </p>
            {pack.verification ? <HubNote verification={pack.verification} side="order" /> : null}
            <OrderProducts
              products={pack.products}
              currency={order.currency_symb_code}
              details={(product) => (
                <>
                  <HubVerdict verification={pack.verification} listingId={product.listing_id} side="order" />
                  {returns?.pieces.some((piece) => piece.listing_id === product.listing_id) ? (
                    <BrandReturn
                      orderId={order.id}
                      piece={returns.pieces.find((piece) => piece.listing_id === product.listing_id)!}
                      title={product.title}
                      price={price}
                      onChange={setReturns}
                    />
                  ) : null}
                  {product.refunded && !returns?.pieces.some((piece) => piece.listing_id === product.listing_id && piece.return?.refunded != null) ? (
                    <p className={parts.meta}>{t(refundKey('order', refundReason(pack.verification, product.listing_id, pack.shipped_at !== null)), { amount: price(product.refunded.amount), date: date(product.refunded.date) })}</p>
                  ) : null}
                </>
              )}
            />
          </section>
        ))}
        {returns?.invoice_url ? <BrandInvoiceLink url={returns.invoice_url} number={order.number} /> : null}
      </section>

      <div className={`${account.row} ${styles.columns}`}>
        <section aria-labelledby={`${titleId}-delivery`} className={styles.section}>
          <h3 id={`${titleId}-delivery`}>{t('order.deliveryAddress')}</h3>
          {order.delivery_option === 'pickup' && order.pickup_point ? (
            <address className={styles.address}>
              <span>{t('order.pickupPoint', { name: order.pickup_point.name })}</span>
              <span>{order.pickup_point.address}</span>
              <span>
                {order.pickup_point.zip_code} {order.pickup_point.city}
              </span>
              <span>{order.pickup_point.opening_hours}</span>
            </address>
          ) : (
            <AddressLines address={order.delivery_address} />
          )}
        </section>
        <section aria-labelledby={`${titleId}-billing`} className={styles.section}>
          <h3 id={`${titleId}-billing`}>{t('order.billingAddress')}</h3>
          <AddressLines address={order.billing_address} />
        </section>
      </div>

      <section aria-labelledby={`${titleId}-payment`} className={styles.section}>
        <h3 id={`${titleId}-payment`}>{t('order.payment')}</h3>
        <p>{t('order.card', { brand: order.payment.card_brand, last4: order.payment.card_last4, amount: price(order.payment.amount) })}</p>
        <dl className={styles.fees}>
          <div>
            <dt>{t('order.subtotal')}</dt>
            <dd>{price(order.subtotal)}</dd>
          </div>
          {fees.map(([name, amount]) => (
            <div key={name}>
              <dt>{t(`order.fees.${name}`)}</dt>
              <dd>{price(amount)}</dd>
            </div>
          ))}
          {order.fees.discount > 0 ? (
            <div>
              <dt>{t('order.fees.discount')}</dt>
              <dd>{minus(order.fees.discount)}</dd>
            </div>
          ) : null}
          {(order.fees.bundle_discount ?? 0) > 0 ? (
            <div>
              <dt>{t('order.fees.bundle_discount')}</dt>
              <dd>{minus(order.fees.bundle_discount)}</dd>
            </div>
          ) : null}
          <div className={styles.total}>
            <dt>{t('orders.total')}</dt>
            <dd>{price(order.total)}</dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby={`${titleId}-review`} className={styles.section}>
        <h3 id={`${titleId}-review`}>{t('order.review')}</h3>
        {order.review ? (
          <>
            <p>{t('order.rating', { rating: order.review.rating })}</p>
            {order.review.comment ? <blockquote className={styles.quote}>{order.review.comment}</blockquote> : null}
          </>
        ) : order.can_review ? (
          <Link to={`/review-order/${order.id}`} className={buttonClassName('secondary')}>
            {t('order.rate')}
          </Link>
        ) : (
          <p className={parts.meta}>{t('order.reviewLater')}</p>
        )}
      </section>
    </article>
  );
}

/**
 * Cancelling before anything ships: while the order answer says `can_cancel`, the buyer
 * may cancel it after a confirmation; the whole total goes back to the card. A cancelled order says
 * so with what was refunded. Focus goes to that notice once cancelled (the button is gone).
 */
function CancelSection({ order, onCancelled }: { order: OrderDetail; onCancelled: (order: OrderDetail) => void }) {
  const { t, i18n } = useTranslation('account');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [justCancelled, setJustCancelled] = useState(false);
  const notice = useRef<HTMLDivElement>(null);
  const buttonId = useId();
  // Back to the button once the dialog is gone (kept, or refused: its message is beside it).
  const focusButton = () => requestAnimationFrame(() => document.getElementById(buttonId)?.focus());
  const price = (amount: number) => formatMoney(amount, i18n.language, { currency: order.currency_symb_code });

  useEffect(() => {
    if (justCancelled) notice.current?.focus();
  }, [justCancelled, order.cancelled]);

  if (order.cancelled) {
    return (
      <div ref={notice} tabIndex={-1} className={styles.callout} role="status">
        <p>
          <strong>{t('order.cancelled', { date: formatDate(order.cancelled.date, i18n.language) })}</strong>
        </p>
        <p>{t(`order.cancelledBy.${order.cancelled.by}`, { amount: price(order.cancelled.refunded) })}</p>
      </div>
    );
  }
  if (!order.can_cancel) return null;

  const cancel = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const result = await cancelOrder(order.id);
      // The order as the API now has it; its answer alone if reading it again fails.
      const updated = await findOrder(String(order.id)).catch(() => null);
      setJustCancelled(true);
      onCancelled(
        updated?.cancelled ? updated : { ...order, can_cancel: false, cancelled: { by: result.cancelled_by, date: result.cancelled_at, refunded: result.refunded } },
      );
    } catch (error) {
      setFailure(await refusalText(error));
      focusButton();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.callout}>
      <p>{t('order.cancelText')}</p>
      <div>
        <Button id={buttonId} variant="secondary" busy={busy} disabled={busy} onClick={() => setConfirming(true)}>
          {t('order.cancel')}
        </Button>
      </div>
      <FormFailure>{failure}</FormFailure>
      <ConfirmDialog
        open={confirming}
        title={t('order.cancelConfirm', { number: order.number })}
        confirmLabel={t('order.cancelYes')}
        cancelLabel={t('order.cancelNo')}
        onCancel={() => {
          setConfirming(false);
          focusButton();
        }}
        onConfirm={() => {
          setConfirming(false);
          void cancel();
        }}
      >
        {t('order.cancelConfirmText', { amount: price(order.total - (order.refunded_pieces_amount ?? 0)), brand: order.payment.card_brand, last4: order.payment.card_last4 })}
      </ConfirmDialog>
    </div>
  );
}

/**
 * The buyer's protection: a problem reported before the seller is paid holds the payment
 * until the store's support team decides (a refund, or the sale stands). The API says when it is too late.
 */
function ProblemSection({ order, onReported }: { order: OrderDetail; onReported: (order: OrderDetail) => void }) {
  const { t, i18n } = useTranslation('account');
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const id = useId();

  if (order.problem) {
    const { resolution, reported_at } = order.problem;
    return (
      <div className={styles.callout} role="status">
        <p>
          {resolution === 'refund'
            ? t('order.problemRefunded')
            : resolution === 'partial'
              ? t('order.problemPartlyRefunded')
              : resolution === 'release'
                ? t('order.problemReleased')
                : t('order.problemOpen', { date: formatDate(reported_at, i18n.language) })}
        </p>
      </div>
    );
  }
  const send = async () => {
    if (!description.trim()) {
      setFailure(accountMessage('no_problem_description') ?? null);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await reportOrderProblem(order.id, description.trim());
      const updated = await findOrder(String(order.id));
      if (updated) onReported(updated);
      toast.success(t('order.problemSent'));
    } catch (error) {
      setFailure(await refusalText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby={`${id}-title`} className={styles.callout}>
      <h3 id={`${id}-title`}>{t('order.problemTitle')}</h3>
      <p>{t('order.problemText')}</p>
      {open ? (
        <>
          <label htmlFor={`${id}-description`}>{t('order.problemLabel')}</label>
          <textarea id={`${id}-description`} value={description} maxLength={500} rows={4} onChange={(event) => setDescription(event.target.value)} />
          <Button busy={busy} disabled={busy} onClick={() => void send()}>
            {t('order.problemSend')}
          </Button>
        </>
      ) : (
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {t('order.problemReport')}
        </Button>
      )}
      <FormFailure>{failure}</FormFailure>
    </section>
  );
}
