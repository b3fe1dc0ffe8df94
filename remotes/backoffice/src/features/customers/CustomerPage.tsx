import type { CustomerDetail } from '@preloved/contract';
import { useToast } from '@preloved/shared';
import { Link, useParams } from '@preloved/shared/router';
import { useTranslation } from 'react-i18next';
import { consoleApi, useConsoleData } from '../../lib/console-api';
import { ConsolePage, Loaded } from '../../lib/ConsolePage';
import { DecisionForm } from '../../lib/DecisionForm';
import { formatDay, formatMoment, formatMoney } from '../../lib/format';
import styles from '../../lib/console.module.css';

/** `/backoffice/customers/:customerId`: one customer's record, and blocking or unblocking them with a reason. */
export function CustomerPage() {
  const { t, i18n } = useTranslation('backoffice');
  const { customerId } = useParams();
  const toast = useToast();
  const result = useConsoleData<CustomerDetail>(`customers/${Number(customerId) || 0}`);
  const language = i18n.language;
  const money = (amount: number) => formatMoney(amount, language);
  return (
    <Loaded result={result}>
      {(customer) => (
        <ConsolePage title={customer.name || customer.email} actions={<Link to="/backoffice/customers">{t('customers.back')}</Link>}>
          <div className={styles.card}>
            <h2 className={styles.subtitle}>{t('customers.facts')}</h2>
            <dl className={styles.facts}>
              <dt>{t('customers.email')}</dt>
              <dd>
                {customer.email} {customer.verified ? <span className={`${styles.badge} ${styles.good}`}>{t('customers.verified')}</span> : null}
              </dd>
              <dt>{t('customers.language')}</dt>
              <dd>{customer.language}</dd>
              <dt>{t('customers.memberSince')}</dt>
              <dd>{formatDay(customer.since, language)}</dd>
              {customer.blocked ? (
                <>
                  <dt>{t('customers.blocked')}</dt>
                  <dd>
                    <span className={`${styles.badge} ${styles.late}`}>{t('customers.blockedSince', { date: customer.blocked_at ? formatMoment(customer.blocked_at, language) : '—', reason: customer.blocked_reason ?? '—' })}</span>
                  </dd>
                </>
              ) : null}
              <dt>{t('customers.offers')}</dt>
              <dd>{t('customers.offersCounts', customer.offers)}</dd>
            </dl>
          </div>
          <div className={styles.card}>
            <h2 className={styles.subtitle}>{t('customers.wallet')}</h2>
            <dl className={styles.facts}>
              <dt>{t('customers.total')}</dt>
              <dd>{money(customer.wallet.total)}</dd>
              <dt>{t('customers.pending')}</dt>
              <dd>{money(customer.wallet.pending)}</dd>
              <dt>{t('customers.available')}</dt>
              <dd>
                {money(customer.wallet.available)} {customer.wallet.frozen ? <span className={`${styles.badge} ${styles.late}`}>{t('customers.frozen')}</span> : null}
              </dd>
            </dl>
          </div>
          <div className={styles.card}>
            <h2 className={styles.subtitle}>{t('customers.orders')}</h2>
            {customer.orders.length === 0 ? (
              <p className={styles.muted}>{t('customers.none')}</p>
            ) : (
              <ul className={styles.list}>
                {customer.orders.map((order) => (
                  <li key={order.order_id}>
                    <strong>{order.number}</strong> · {formatDay(order.placed_at, language)} · {money(order.total)} · {order.status}
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className={styles.card}>
            <h2 className={styles.subtitle}>{t('customers.sales')}</h2>
            {customer.sales.length === 0 ? (
              <p className={styles.muted}>{t('customers.none')}</p>
            ) : (
              <ul className={styles.list}>
                {customer.sales.map((sale) => (
                  <li key={`${sale.order_id}-${sale.number}`}>
                    <strong>{sale.number}</strong> · {formatDay(sale.placed_at, language)} · {t('customers.pieces', { count: sale.pieces })} ·{' '}
                    {sale.shipped_at ? t('customers.shipped', { date: formatDay(sale.shipped_at, language) }) : t('customers.notShipped')}
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className={styles.card}>
            <h2 className={styles.subtitle}>{t('customers.listings')}</h2>
            {customer.listings.length === 0 ? (
              <p className={styles.muted}>{t('customers.none')}</p>
            ) : (
              <ul className={styles.list}>
                {customer.listings.map((listing) => (
                  <li key={listing.listing_id}>
                    {listing.number} · {listing.title} · {money(listing.price)} · {listing.status}
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className={styles.card}>
            <h2 className={styles.subtitle}>{t('customers.signIns')}</h2>
            {customer.sign_ins.length === 0 ? (
              <p className={styles.muted}>{t('customers.none')}</p>
            ) : (
              <ul className={styles.list}>
                {customer.sign_ins.map((signIn, index) => (
                  <li key={index}>
                    {formatMoment(signIn.at, language)} · {signIn.live ? t('customers.live') : t('customers.ended')}
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className={styles.card}>
            <h2 className={styles.subtitle}>{customer.blocked ? t('customers.unblock') : t('customers.block')}</h2>
            <p className={styles.muted}>{customer.blocked ? t('customers.unblockText') : t('customers.blockText')}</p>
            <DecisionForm
              key={String(customer.blocked)}
              legend={customer.blocked ? t('customers.unblock') : t('customers.block')}
              choices={[[customer.blocked ? 'unblock' : 'block', customer.blocked ? t('customers.unblock') : t('customers.block')]]}
              reasonLabel={t('common.reason')}
              submitLabel={customer.blocked ? t('customers.unblock') : t('customers.block')}
              onSubmit={async (choice, reason) => {
                await consoleApi.post(`customers/${customer.id}/blocked`, { blocked: choice === 'block', reason });
                toast.success(choice === 'block' ? t('customers.blockedToast') : t('customers.unblockedToast'));
                result.reload();
              }}
            />
          </div>
        </ConsolePage>
      )}
    </Loaded>
  );
}
