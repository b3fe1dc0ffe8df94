import type { StaffSearchResult } from '@preloved/contract';
import { Link, useSearchParams } from '@preloved/shared/router';
import { Button, EmptyState } from '@preloved/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { afterSubmit } from '../../lib/after-submit';
import { useConsoleData } from '../../lib/console-api';
import { ConsolePage, Loaded } from '../../lib/ConsolePage';
import { formatDay, formatMoney } from '../../lib/format';
import styles from '../../lib/console.module.css';
import { useCustomerLabels } from './labels';

/** `/backoffice/customers?q=`: one search box for customers, orders (by number or tracking) and listings. */
export function CustomersPage() {
  const { t, i18n } = useTranslation('backoffice');
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const [draft, setDraft] = useState(q);
  const labels = useCustomerLabels();
  // The box follows the URL (back, forward, a link with ?q=), not only what was typed.
  const [shown, setShown] = useState(q);
  if (shown !== q) {
    setShown(q);
    setDraft(q);
  }
  const result = useConsoleData<StaffSearchResult>(q ? 'search' : null, { q });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = draft.trim();
    if (q) afterSubmit(() => setParams({ q }));
  };
  const money = (amount: number) => formatMoney(amount, i18n.language);
  return (
    <ConsolePage title={t('customers.title')} intro={t('customers.intro')}>
      <form role="search" className={styles.row} onSubmit={submit}>
        <label className={`${styles.filter} ${styles.grow}`}>
          <span>{t('customers.search')}</span>
          <input type="search" value={draft} onChange={(event) => setDraft(event.target.value)} maxLength={200} />
        </label>
        <Button type="submit">{t('customers.find')}</Button>
      </form>
      {q ? (
        <Loaded result={result}>
          {(found) =>
            found.customers.length + found.orders.length + found.listings.length === 0 ? (
              <EmptyState title={t('customers.empty', { q })} role="status" />
            ) : (
              <div className={styles.cards}>
                {found.customers.length ? (
                  <section className={styles.card} aria-labelledby="found-customers">
                    <h2 id="found-customers" className={styles.subtitle}>
                      {t('customers.customers')}
                    </h2>
                    <ul className={styles.list}>
                      {found.customers.map((customer) => (
                        <li key={customer.id}>
                          <Link to={`/backoffice/customers/${customer.id}`} aria-label={t('customers.open', { name: customer.name || customer.email })}>
                            {customer.name || customer.email}
                          </Link>{' '}
                          · {customer.email} · {t('customers.since', { date: formatDay(customer.since, i18n.language) })}{' '}
                          {customer.verified ? <span className={`${styles.badge} ${styles.good}`}>{t('customers.verified')}</span> : null}{' '}
                          {customer.blocked ? <span className={`${styles.badge} ${styles.late}`}>{t('customers.blocked')}</span> : null}
                        </li>
                      ))}
                    </ul>
                  </section>
                ) : null}
                {found.orders.length ? (
                  <section className={styles.card} aria-labelledby="found-orders">
                    <h2 id="found-orders" className={styles.subtitle}>
                      {t('customers.orders')}
                    </h2>
                    <ul className={styles.list}>
                      {found.orders.map((order) => (
                        <li key={order.order_id}>
                          <strong>{order.number}</strong> · {order.email} · {money(order.total)} · {formatDay(order.placed_at, i18n.language)} ·{' '}
                          {labels.orderStatus(order.status)}
                        </li>
                      ))}
                    </ul>
                  </section>
                ) : null}
                {found.listings.length ? (
                  <section className={styles.card} aria-labelledby="found-listings">
                    <h2 id="found-listings" className={styles.subtitle}>
                      {t('customers.listings')}
                    </h2>
                    <ul className={styles.list}>
                      {found.listings.map((listing) => (
                        <li key={listing.listing_id}>
                          <strong>{listing.number}</strong> · {listing.title} · {money(listing.price)} · {labels.listingStatus(listing.status)} ·{' '}
                          <Link to={`/backoffice/customers/${listing.seller_id}`} aria-label={t('customers.sellerOf', { listing: listing.number })}>
                            {t('customers.seller')}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </section>
                ) : null}
              </div>
            )
          }
        </Loaded>
      ) : null}
    </ConsolePage>
  );
}
