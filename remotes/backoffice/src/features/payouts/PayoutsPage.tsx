import { TRANSFER_STATES, type HeldIban, type HeldIbanList, type LedgerReport, type TransferList } from '@preloved/contract';
import { i18n as store, useToast } from '@preloved/shared';
import { useSearchParams } from '@preloved/shared/router';
import { EmptyState } from '@preloved/ui';
import { useTranslation } from 'react-i18next';
import { consoleApi, useConsoleData } from '../../lib/console-api';
import { ConsolePage, Loaded } from '../../lib/ConsolePage';
import { DecisionForm } from '../../lib/DecisionForm';
import { formatDay, formatMoment, formatMoney } from '../../lib/format';
import { StateTabs } from '../../lib/StateTabs';
import styles from '../../lib/console.module.css';

/** One held IBAN change, with what a decision weighs, and the decision. */
function HeldCard({ held, onDecided }: { held: HeldIban; onDecided: () => void }) {
  const { t, i18n } = useTranslation('backoffice');
  const toast = useToast();
  const headingId = `held-${held.customer_id}`;
  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.subtitle}>
        {held.name} · {held.email}
      </h3>
      <dl className={styles.facts}>
        <dt>{t('payouts.iban')}</dt>
        <dd>{held.iban}</dd>
        <dt>{t('payouts.holdUntil')}</dt>
        <dd>
          {formatMoment(held.hold_until, i18n.language)} {held.frozen ? <span className={`${styles.badge} ${styles.late}`}>{t('payouts.frozen')}</span> : null}
        </dd>
        <dt>{t('payouts.accountSince')}</dt>
        <dd>{formatDay(held.account_since, i18n.language)}</dd>
        <dt>{t('payouts.verified')}</dt>
        <dd>{held.verified ? t('common.yes') : t('common.no')}</dd>
        <dt>{t('payouts.sales')}</dt>
        <dd>{held.sales}</dd>
        <dt>{t('payouts.available')}</dt>
        <dd>{formatMoney(held.available, i18n.language)}</dd>
      </dl>
      <DecisionForm
        legend={t('payouts.decision')}
        choices={[
          ['approve', t('payouts.approve')],
          ['freeze', t('payouts.freeze')],
        ]}
        reasonLabel={t('common.reason')}
        submitLabel={t('payouts.submit')}
        onSubmit={async (decision, reason) => {
          await consoleApi.post(`payouts/held/${held.customer_id}`, { decision, reason });
          toast.success(t(`payouts.decided.${decision}`));
          onDecided();
        }}
      />
    </article>
  );
}

/** The transfers out of sellers' wallets, filtered by state in the URL (`?state=`). */
function Transfers() {
  const { t, i18n } = useTranslation('backoffice');
  const [params] = useSearchParams();
  const asked = params.get('state') ?? 'all';
  const state = (TRANSFER_STATES as readonly string[]).includes(asked) ? asked : 'all';
  const result = useConsoleData<TransferList>('payouts/transfers', { state: state === 'all' ? undefined : state });
  return (
    <section className={styles.cards} aria-labelledby="transfers-title">
      <h2 id="transfers-title" className={styles.subtitle}>
        {t('payouts.transfersTitle')}
      </h2>
      <StateTabs label={t('payouts.transferStates')} param="state" current={state} options={['all', ...TRANSFER_STATES].map((value) => [value, t(`payouts.states.${value}`)] as [string, string])} />
      <Loaded result={result}>
        {({ transfers }) =>
          transfers.length === 0 ? (
            <p className={styles.muted} role="status">
              {t('payouts.transfersEmpty')}
            </p>
          ) : (
            <div className={styles.tableWrap}>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">{t('payouts.date')}</th>
                    <th scope="col">{t('payouts.kind')}</th>
                    <th scope="col">{t('payouts.reference')}</th>
                    <th scope="col">{t('payouts.seller')}</th>
                    <th scope="col" className={styles.number}>
                      {t('payouts.amount')}
                    </th>
                    <th scope="col">{t('payouts.state')}</th>
                  </tr>
                </thead>
                <tbody>
                  {transfers.map((transfer) => (
                    <tr key={`${transfer.kind}-${transfer.reference}`}>
                      <td>{formatMoment(transfer.at, i18n.language)}</td>
                      <td>{t(`payouts.kinds.${transfer.kind}`)}</td>
                      <td>{transfer.reference}</td>
                      <td>{transfer.name}</td>
                      <td className={styles.number}>{formatMoney(transfer.amount, i18n.language)}</td>
                      <td>
                        <span className={`${styles.badge} ${transfer.state === 'failed' ? styles.late : transfer.state === 'paid' ? styles.good : ''}`}>{t(`payouts.states.${transfer.state}`)}</span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </Loaded>
    </section>
  );
}

/** `pnpm audit ledger` as a section: whether every cent is accounted for, the totals, the largest wallets. */
function Ledger() {
  const { t, i18n } = useTranslation('backoffice');
  const result = useConsoleData<LedgerReport>('ledger');
  const name = (key: string) => (store.exists(`payouts.totalNames.${key}`, { ns: 'backoffice' }) ? t(`payouts.totalNames.${key}`) : key);
  return (
    <section className={styles.cards} aria-labelledby="ledger-title">
      <h2 id="ledger-title" className={styles.subtitle}>
        {t('payouts.ledgerTitle')}
      </h2>
      <Loaded result={result}>
        {(ledger) => (
          <>
            <p role="status" className={`${styles.badge} ${ledger.ok ? styles.good : styles.late}`}>
              {ledger.ok ? t('payouts.ledgerOk') : t('payouts.ledgerProblems', { count: ledger.mismatches.length })}
            </p>
            {ledger.mismatches.length ? (
              <ul>
                {ledger.mismatches.map((mismatch) => (
                  <li key={mismatch}>{mismatch}</li>
                ))}
              </ul>
            ) : null}
            <div className={styles.card}>
              <h3 className={styles.subtitle}>{t('payouts.totals')}</h3>
              <dl className={styles.facts}>
                {Object.entries(ledger.totals).map(([key, value]) => (
                  <div key={key} className={styles.contents}>
                    <dt>{name(key)}</dt>
                    <dd>{key === 'orders' ? value : formatMoney(value, i18n.language)}</dd>
                  </div>
                ))}
              </dl>
            </div>
            {ledger.wallets.length ? (
              <div className={styles.tableWrap}>
                <table className={styles.table}>
                  <caption className={styles.caption}>{t('payouts.wallets')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('payouts.customer')}</th>
                      <th scope="col" className={styles.number}>
                        {t('payouts.credited')}
                      </th>
                      <th scope="col" className={styles.number}>
                        {t('payouts.paidOut')}
                      </th>
                      <th scope="col" className={styles.number}>
                        {t('payouts.pending')}
                      </th>
                      <th scope="col" className={styles.number}>
                        {t('payouts.available')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {ledger.wallets.map((wallet) => (
                      <tr key={wallet.customer_id}>
                        <td>{wallet.customer_id}</td>
                        <td className={styles.number}>{formatMoney(wallet.credited, i18n.language)}</td>
                        <td className={styles.number}>{formatMoney(wallet.paid_out, i18n.language)}</td>
                        <td className={styles.number}>{formatMoney(wallet.pending, i18n.language)}</td>
                        <td className={styles.number}>{formatMoney(wallet.available, i18n.language)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : null}
          </>
        )}
      </Loaded>
    </section>
  );
}

/** `/backoffice/payouts`: finance's page — held IBAN changes to decide, the transfers, the ledger. */
export function PayoutsPage() {
  const { t } = useTranslation('backoffice');
  const held = useConsoleData<HeldIbanList>('payouts/held');
  return (
    <ConsolePage title={t('payouts.title')} intro={t('payouts.intro')}>
      <section className={styles.cards} aria-labelledby="held-title">
        <h2 id="held-title" className={styles.subtitle}>
          {t('payouts.heldTitle')}
        </h2>
        <Loaded result={held}>
          {(list) =>
            list.held.length === 0 ? (
              <EmptyState title={t('payouts.heldEmpty')} role="status" />
            ) : (
              list.held.map((entry) => <HeldCard key={entry.customer_id} held={entry} onDecided={held.reload} />)
            )
          }
        </Loaded>
      </section>
      <Transfers />
      <Ledger />
    </ConsolePage>
  );
}
