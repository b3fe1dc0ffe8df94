import { formatMoney, type OrderList, type OrderSummary } from '@preloved/contract';
import {
  claimOrder,
  errorText,
  getOrders,
  getStorefrontUser,
  HTTPError,
  setUserDataAtom,
  store,
} from '@preloved/shared';
import { hasSession, Link, type LoaderFunctionArgs, usePageData, useReloadOnSignIn, useRevalidator, useSearchParams } from '@preloved/shared/router';
import { EmptyState, PageSkeleton, Pagination, buttonClassName } from '@preloved/ui';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../../components/AccountPage.module.css';
import parts from '../../components/OrderParts.module.css';
import { TrackingNumbers } from '../../components/TrackingNumbers';
import { formatDate } from '../../lib/format';
import { ClaimGuestOrders } from './ClaimGuestOrders';
import list from './OrdersPage.module.css';

/** Orders a page of the list shows (the API's default too). */
export const ORDERS_PER_PAGE = 20;

export async function ordersLoader({ request }: LoaderFunctionArgs): Promise<{ orders: OrderList; page: number } | null> {
  if (!hasSession()) return null;
  const asked = Number(new URL(request.url).searchParams.get('page'));
  const page = Number.isInteger(asked) && asked >= 1 && asked <= 500 ? asked : 1;
  return { orders: await getOrders(page, request.signal), page };
}

type Claim = { state: 'claiming' } | { state: 'claimed'; number: string; id: number } | { state: 'refused'; text: string | null } | { state: 'failed' };

/**
 * A claim proves the inbox (the mail's link, the mailed code): the profile is read again,
 * so the frame's "confirm your e-mail" notice goes when the e-mail is proven by it.
 */
async function refreshProfile(): Promise<void> {
  try {
    store.set(setUserDataAtom, await getStorefrontUser());
  } catch {
    // The stored data stays; the frame reads it again on the next visit.
  }
}

/**
 * ?claim=<token> (the link in a guest's confirmation mail): the order joins the signed-in account,
 * once; the page says which order, or why not, and drops the token from the address bar.
 */
function useClaim(): Claim | null {
  const [params, setParams] = useSearchParams();
  const token = params.get('claim');
  const [claim, setClaim] = useState<Claim | null>(null);
  const revalidator = useRevalidator();
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (!token || !hasSession() || started.current === token) return;
    started.current = token;
    setClaim({ state: 'claiming' });
    claimOrder(token)
      .then((order) => {
        setClaim({ state: 'claimed', number: order.number, id: order.id });
        void revalidator.revalidate();
        void refreshProfile();
      })
      .catch((error: unknown) => {
        // A refusal with a code of its own (claim_link_unusable, email_not_verified) says it translated.
        if (error instanceof HTTPError && error.response.status < 500) setClaim({ state: 'refused', text: errorText(error.data) });
        else setClaim({ state: 'failed' });
      })
      .finally(() => {
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.delete('claim');
            return next;
          },
          { replace: true },
        );
      });
  }, [token, revalidator, setParams]);
  return claim;
}

/**
 * One order of the list: its first piece's photo, number, status, the day it was
 * ordered, when it arrives (or arrived) and each package's tracking number as a link to its carrier.
 */
function OrderItem({ order }: { order: OrderSummary }) {
  const { t, i18n } = useTranslation('account');
  const headingId = useId();
  return (
    <li className={list.item} aria-labelledby={headingId}>
      {order.photo ? <img className={list.photo} src={order.photo} alt={order.title} width={72} height={96} loading="lazy" /> : <span className={list.photo} />}
      <div className={list.body}>
        <h3 id={headingId} className={list.heading}>
          <Link to={`/user/orders/${order.id}`} aria-label={t('orders.open', { number: order.number })}>
            {order.number}
          </Link>{' '}
          <span className={`${parts.status} ${parts[order.cancelled ? 'cancelled' : order.status] ?? ''}`}>{t(`orders.statuses.${order.cancelled ? 'cancelled' : order.status}`)}</span>
        </h3>
        <p className={list.meta}>
          {order.pieces > 1 ? t('orders.pieces', { title: order.title, count: order.pieces - 1 }) : order.title}
          {' · '}
          {formatMoney(order.total, i18n.language, { currency: order.currency_symb_code })}
        </p>
        <dl className={list.facts}>
          <div>
            <dt>{t('orders.ordered')}</dt>
            <dd>{formatDate(order.date, i18n.language)}</dd>
          </div>
          <div>
            <dt>{order.delivery_date_estimated ? t('orders.expected') : t('orders.delivered')}</dt>
            <dd>{formatDate(order.delivery_date, i18n.language)}</dd>
          </div>
          <div>
            <dt>{t('orders.tracking')}</dt>
            <dd>
              <TrackingNumbers tracking={order.tracking} none={t('orders.notShipped')} />
            </dd>
          </div>
        </dl>
      </div>
    </li>
  );
}

/** The carriers' names as they write them. */

/** /user/orders — the buyer's orders, newest first, each with its photo, status, dates and tracking. */
export function OrdersPage() {
  const data = usePageData<{ orders: OrderList; page: number } | null>();
  const { t } = useTranslation('account');
  const titleId = useId();
  const claim = useClaim();
  const revalidator = useRevalidator();
  const reload = useCallback(() => {
    void revalidator.revalidate();
    void refreshProfile();
  }, [revalidator]);
  useReloadOnSignIn(Boolean(data));
  useEffect(() => {
    document.title = `${t('orders.title')} — Preloved`;
  }, [t]);

  if (!data) return <PageSkeleton label={t('orders.title')} />;
  const { orders, page } = data;
  const pages = Math.max(1, Math.ceil(orders.count / ORDERS_PER_PAGE));
  return (
    <section className={`${styles.page} ${list.page}`} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {t('orders.title')}
      </h2>
      {claim ? (
        <p className={`${list.notice} ${claim.state === 'claimed' ? list.success : claim.state === 'claiming' ? '' : list.problem}`} role="status">
          {claim.state === 'claimed' ? (
            <>
              {t('orders.claimed', { number: claim.number })} <Link to={`/user/orders/${claim.id}`}>{t('orders.open', { number: claim.number })}</Link>
            </>
          ) : claim.state === 'refused' ? (
            (claim.text ?? t('orders.claim_refused'))
          ) : (
            t(`orders.claim_${claim.state}`)
          )}
        </p>
      ) : null}
      <ClaimGuestOrders onAdded={reload} />
      {orders.orders.length === 0 ? (
        <EmptyState
          title={t('orders.empty')}
          action={
            <Link to="/all" className={buttonClassName('primary')}>
              {t('orders.browse')}
            </Link>
          }
        >
          <p>{t('orders.emptyText')}</p>
        </EmptyState>
      ) : (
        <>
          <ul className={list.list} aria-label={t('orders.caption', { count: orders.count })}>
            {orders.orders.map((order) => (
              <OrderItem key={order.id} order={order} />
            ))}
          </ul>
          {pages > 1 ? <Pagination page={page} pages={pages} /> : null}
        </>
      )}
    </section>
  );
}
