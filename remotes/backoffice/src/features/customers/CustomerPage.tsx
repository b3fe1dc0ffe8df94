import type { CustomerDetail } from '@preloved/contract';
import { useToast } from '@preloved/shared';
import { Link, useParams } from '@preloved/shared/router';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleApi, useConsoleData } from '../../lib/console-api';
import { ConsolePage, Loaded } from '../../lib/ConsolePage';
import { DecisionForm } from '../../lib/DecisionForm';
import { RecordTable } from '../../lib/RecordTable';
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
              <RecordTable
                rows={customer.orders}
                rowKey={(order) => order.order_id}
                columns={[
                  { header: t('customers.order'), cell: (order) => order.number },
                  { header: t('customers.placed'), cell: (order) => day(order.placed_at) },
                  { header: t('customers.total'), cell: (order) => money(order.total), numeric: true },
                  { header: t('customers.status'), cell: (order) => labels.orderStatus(order.status) },
                ]}
              />
            </Part>
            <Part title={t('customers.sales')} empty={customer.sales.length === 0}>
              <RecordTable
                rows={customer.sales}
                rowKey={(sale) => `${sale.order_id}-${sale.number}`}
                columns={[
                  { header: t('customers.order'), cell: (sale) => sale.number },
                  { header: t('customers.placed'), cell: (sale) => day(sale.placed_at) },
                  { header: t('customers.piecesColumn'), cell: (sale) => sale.pieces, numeric: true },
                  { header: t('customers.shipping'), cell: (sale) => (sale.shipped_at ? t('customers.shipped', { date: day(sale.shipped_at) }) : t('customers.notShipped')) },
                ]}
              />
            </Part>
            <Part title={t('customers.listings')} empty={customer.listings.length === 0}>
              <RecordTable
                rows={customer.listings}
                rowKey={(listing) => listing.listing_id}
                columns={[
                  { header: t('customers.listing'), cell: (listing) => listing.number },
                  { header: t('customers.piece'), cell: (listing) => listing.title },
                  { header: t('customers.price'), cell: (listing) => money(listing.price), numeric: true },
                  { header: t('customers.status'), cell: (listing) => labels.listingStatus(listing.status) },
                ]}
              />
            </Part>
            <Part title={t('customers.signIns')} empty={customer.sign_ins.length === 0}>
              <RecordTable
                rows={customer.sign_ins}
                rowKey={(_signIn, index) => index}
                rowHeader={false}
                columns={[
                  { header: t('customers.signedIn'), cell: (signIn) => formatMoment(signIn.at, language) },
                  { header: t('customers.session'), cell: (signIn) => (signIn.live ? t('customers.live') : t('customers.ended')) },
                ]}
              />
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
