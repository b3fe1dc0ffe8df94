import type { OrderList } from '@preloved/contract';
import {
  claimOrder,
  formatPrice,
  getOrders,
  HTTPError,
} from '@preloved/shared';
import { hasSession, Link, type LoaderFunctionArgs, usePageData, useReloadOnSignIn, useRevalidator, useSearchParams } from '@preloved/shared/router';
import { EmptyState, PageSkeleton, Pagination, buttonClassName } from '@preloved/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../../components/AccountPage.module.css';
import parts from '../../components/OrderParts.module.css';
import { formatDate } from '../../lib/format';
import list from './OrdersPage.module.css';

/** Orders a page of the list shows (the API's default too). */
export const ORDERS_PER_PAGE = 20;

export async function ordersLoader({ request }: LoaderFunctionArgs): Promise<{ orders: OrderList; page: number } | null> {
  if (!hasSession()) return null;
  const asked = Number(new URL(request.url).searchParams.get('page'));
  const page = Number.isInteger(asked) && asked >= 1 && asked <= 500 ? asked : 1;
  return { orders: await getOrders(page, request.signal), page };
}

type Claim = { state: 'claiming' } | { state: 'claimed'; number: string; id: number } | { state: 'refused' } | { state: 'failed' };

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
      })
      .catch((error: unknown) => {
        setClaim({ state: error instanceof HTTPError && error.response.status < 500 ? 'refused' : 'failed' });
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

/** /user/orders — the buyer's orders, newest first: number, date, total and status. */
export function OrdersPage() {
  const data = usePageData<{ orders: OrderList; page: number } | null>();
  const { t, i18n } = useTranslation('account');
  const titleId = useId();
  const claim = useClaim();
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
          ) : (
            t(`orders.claim_${claim.state}`)
          )}
        </p>
      ) : null}
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
          <table className={list.table}>
            <caption className={list.caption}>{t('orders.caption', { count: orders.count })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('orders.number')}</th>
                <th scope="col">{t('orders.date')}</th>
                <th scope="col">{t('orders.total')}</th>
                <th scope="col">{t('orders.status')}</th>
              </tr>
            </thead>
            <tbody>
              {orders.orders.map((order) => (
                <tr key={order.id}>
                  <th scope="row">
                    <Link to={`/user/orders/${order.id}`} aria-label={t('orders.open', { number: order.number })}>
                      {order.number}
                    </Link>
                  </th>
                  <td>{formatDate(order.date, i18n.language)}</td>
                  <td>{formatPrice(order.total, i18n.language, order.currency_symb_code)}</td>
                  <td>
                    <span className={`${parts.status} ${parts[order.status] ?? ''}`}>{t(`orders.statuses.${order.status}`)}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {pages > 1 ? <Pagination page={page} pages={pages} /> : null}
        </>
      )}
    </section>
  );
}
