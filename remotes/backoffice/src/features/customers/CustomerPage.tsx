import type { CustomerDetail } from '@preloved/contract';
import { useToast } from '@preloved/shared';
import { Link, useParams } from '@preloved/shared/router';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleApi, useConsoleData } from '../../lib/console-api';
import { ConsolePage, Loaded } from '../../lib/ConsolePage';
import { DecisionForm } from '../../lib/DecisionForm';
import { formatDay, formatMoment, formatMoney } from '../../lib/format';
import styles from '../../lib/console.module.css';
import { useCustomerLabels } from './labels';

/** A card of the record with its heading, as a region named by it; "None." when it has no rows. */
function Part({ title, empty, children }: { title: string; empty: boolean; children: ReactNode }) {
  const { t } = useTranslation('backoffice');
  const id = useId();
  return (
    <section className={styles.card} aria-labelledby={id}>
      <h2 id={id} className={styles.subtitle}>
        {title}
      </h2>
      {empty ? <p className={styles.muted}>{t('customers.none')}</p> : children}
    </section>
  );
}

/** `/backoffice/customers/:customerId`: one customer's record, and blocking or unblocking them with a reason. */
export function CustomerPage() {
  const { t, i18n } = useTranslation('backoffice');
  const { customerId } = useParams();
  const toast = useToast();
  const labels = useCustomerLabels();
  const result = useConsoleData<CustomerDetail>(`customers/${Number(customerId) || 0}`);
  const language = i18n.language;
  const money = (amount: number) => formatMoney(amount, language);
  const day = (value: string) => formatDay(value, language);
  return (
    <Loaded result={result}>
      {(customer) => {
        const decision = customer.blocked ? t('customers.unblock') : t('customers.block');
        return (
          <ConsolePage title={customer.name || customer.email} actions={<Link to="/backoffice/customers">{t('customers.back')}</Link>}>
            <div className={styles.cards}>
              <Part title={t('customers.facts')} empty={false}>
                <dl className={styles.facts}>
                  <dt>{t('customers.email')}</dt>
                  <dd>
                    {customer.email}{' '}
                    {customer.verified ? (
                      <span className={`${styles.badge} ${styles.good}`}>{t('customers.verified')}</span>
                    ) : (
                      <span className={styles.badge}>{t('customers.notVerified')}</span>
                    )}
                  </dd>
                  <dt>{t('customers.language')}</dt>
                  <dd>{labels.language(customer.language)}</dd>
                  <dt>{t('customers.memberSince')}</dt>
                  <dd>{day(customer.since)}</dd>
                  {customer.blocked ? (
                    <>
                      <dt>{t('customers.blocked')}</dt>
                      <dd>
                        <span className={`${styles.badge} ${styles.late}`}>
                          {t('customers.blockedSince', {
                            date: customer.blocked_at ? formatMoment(customer.blocked_at, language) : '—',
                            reason: customer.blocked_reason ?? '—',
                          })}
                        </span>
                      </dd>
                    </>
                  ) : null}
                  <dt>{t('customers.offers')}</dt>
                  <dd>{t('customers.offersCounts', customer.offers)}</dd>
                </dl>
              </Part>
              <Part title={t('customers.wallet')} empty={false}>
                <dl className={styles.facts}>
                  <dt>{t('customers.total')}</dt>
                  <dd>{money(customer.wallet.total)}</dd>
                  <dt>{t('customers.pending')}</dt>
                  <dd>{money(customer.wallet.pending)}</dd>
                  <dt>{t('customers.available')}</dt>
                  <dd>
                    {money(customer.wallet.available)}{' '}
                    {customer.wallet.frozen ? <span className={`${styles.badge} ${styles.late}`}>{t('customers.frozen')}</span> : null}
                  </dd>
                </dl>
              </Part>
            </div>
            <Part title={t('customers.orders')} empty={customer.orders.length === 0}>
              <div className={styles.tableWrap}>
                <table className={styles.table}>
                  <thead>
                    <tr>
                      <th scope="col">{t('customers.order')}</th>
                      <th scope="col">{t('customers.placed')}</th>
                      <th scope="col" className={styles.number}>
                        {t('customers.total')}
                      </th>
                      <th scope="col">{t('customers.status')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {customer.orders.map((order) => (
                      <tr key={order.order_id}>
                        <th scope="row">{order.number}</th>
                        <td>{day(order.placed_at)}</td>
                        <td className={styles.number}>{money(order.total)}</td>
                        <td>{labels.orderStatus(order.status)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </Part>
            <Part title={t('customers.sales')} empty={customer.sales.length === 0}>
              <div className={styles.tableWrap}>
                <table className={styles.table}>
                  <thead>
                    <tr>
                      <th scope="col">{t('customers.order')}</th>
                      <th scope="col">{t('customers.placed')}</th>
                      <th scope="col" className={styles.number}>
                        {t('customers.piecesColumn')}
                      </th>
                      <th scope="col">{t('customers.shipping')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {customer.sales.map((sale) => (
                      <tr key={`${sale.order_id}-${sale.number}`}>
                        <th scope="row">{sale.number}</th>
                        <td>{day(sale.placed_at)}</td>
                        <td className={styles.number}>{sale.pieces}</td>
                        <td>{sale.shipped_at ? t('customers.shipped', { date: day(sale.shipped_at) }) : t('customers.notShipped')}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </Part>
            <Part title={t('customers.listings')} empty={customer.listings.length === 0}>
              <div className={styles.tableWrap}>
                <table className={styles.table}>
                  <thead>
                    <tr>
                      <th scope="col">{t('customers.listing')}</th>
                      <th scope="col">{t('customers.piece')}</th>
                      <th scope="col" className={styles.number}>
                        {t('customers.price')}
                      </th>
                      <th scope="col">{t('customers.status')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {customer.listings.map((listing) => (
                      <tr key={listing.listing_id}>
                        <th scope="row">{listing.number}</th>
                        <td>{listing.title}</td>
                        <td className={styles.number}>{money(listing.price)}</td>
                        <td>{labels.listingStatus(listing.status)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </Part>
            <Part title={t('customers.signIns')} empty={customer.sign_ins.length === 0}>
              <div className={styles.tableWrap}>
                <table className={styles.table}>
                  <thead>
                    <tr>
                      <th scope="col">{t('customers.signedIn')}</th>
                      <th scope="col">{t('customers.session')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {customer.sign_ins.map((signIn, index) => (
                      <tr key={index}>
                        <td>{formatMoment(signIn.at, language)}</td>
                        <td>{signIn.live ? t('customers.live') : t('customers.ended')}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </Part>
            <Part title={decision} empty={false}>
              <p className={styles.muted}>{customer.blocked ? t('customers.unblockText') : t('customers.blockText')}</p>
              <DecisionForm
                key={String(customer.blocked)}
                legend={decision}
                choices={[[customer.blocked ? 'unblock' : 'block', decision]]}
                reasonLabel={t('common.reason')}
                submitLabel={decision}
                onSubmit={async (choice, reason) => {
                  await consoleApi.post(`customers/${customer.id}/blocked`, { blocked: choice === 'block', reason });
                  toast.success(choice === 'block' ? t('customers.blockedToast') : t('customers.unblockedToast'));
                  result.reload();
                }}
              />
            </Part>
          </ConsolePage>
        );
      }}
    </Loaded>
  );
}
