import { formatMoney, type TradeIn, type TradeInList } from '@preloved/contract';
import { refusalText } from '@preloved/shared';
import { hasSession, Link, type LoaderFunctionArgs, usePageData, useReloadOnSignIn } from '@preloved/shared/router';
import { Button, EmptyState, FormFailure, PageSkeleton, buttonClassName } from '@preloved/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../../components/AccountPage.module.css';
import cards from '../../components/CardList.module.css';
import page from './TradeInsPage.module.css';
import { answerTradeIn, cancelTradeIn, getTradeIns, tradeInLabel } from './trade-ins-api';

export async function tradeInsLoader({ request }: LoaderFunctionArgs): Promise<TradeInList | null> {
  return hasSession() ? getTradeIns(request.signal) : null;
}

/**
 * /user/trade-ins (issue 48): the pieces the customer traded in to the brand, each with its state —
 * on its way to the hub (the label), being checked, a new price to answer, paid (the main-shop code or
 * the wallet), coming back, called off.
 */
export function TradeInsPage() {
  const data = usePageData<TradeInList | null>();
  const { t } = useTranslation('account');
  const [tradeIns, setTradeIns] = useState<TradeIn[] | null>(data?.trade_ins ?? null);
  useReloadOnSignIn(Boolean(data));
  useEffect(() => setTradeIns(data?.trade_ins ?? null), [data]);
  useEffect(() => {
    document.title = `${t('tradeIns.title')} — Preloved`;
  }, [t]);

  if (!tradeIns) return <PageSkeleton label={t('tradeIns.title')} />;
  const replace = (next: TradeIn) => setTradeIns((list) => (list ?? []).map((entry) => (entry.id === next.id ? next : entry)));
  return (
    <section className={styles.page} aria-labelledby="trade-ins-title">
      <h2 id="trade-ins-title" className={styles.title}>
        {t('tradeIns.title')}
      </h2>
      <p className={styles.intro}>{t('tradeIns.intro')}</p>
      {tradeIns.length === 0 ? (
        <EmptyState
          title={t('tradeIns.emptyTitle')}
          action={
            <Link to="/user/submit-item-2hand" className={buttonClassName('primary')}>
              {t('tradeIns.sell')}
            </Link>
          }
        >
          <p>{t('tradeIns.emptyText')}</p>
        </EmptyState>
      ) : (
        <ul className={cards.list} aria-label={t('tradeIns.listLabel')}>
          {tradeIns.map((tradeIn) => (
            <TradeInItem key={tradeIn.id} tradeIn={tradeIn} onChange={replace} />
          ))}
        </ul>
      )}
    </section>
  );
}

function TradeInItem({ tradeIn, onChange }: { tradeIn: TradeIn; onChange: (next: TradeIn) => void }) {
  const { t, i18n } = useTranslation('account');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const money = (amount: number) => formatMoney(amount, i18n.language);
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));
  const worth =
    tradeIn.payout === 'credit'
      ? t('tradeIns.asCredit', { amount: money(tradeIn.amounts.credit), bonus: money(tradeIn.amounts.bonus) })
      : t('tradeIns.asMoney', { amount: money(tradeIn.amounts.money) });

  const act = async (work: () => Promise<TradeIn>) => {
    setBusy(true);
    setFailure(null);
    try {
      onChange(await work());
    } catch (error) {
      setFailure(await refusalText(error));
    } finally {
      setBusy(false);
    }
  };
  const download = async (kind: 'inbound' | 'return') => {
    try {
      const url = URL.createObjectURL(await tradeInLabel(tradeIn.id, kind));
      const link = Object.assign(document.createElement('a'), { href: url, download: `trade-in-${kind}-${tradeIn.number}.pdf` });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      setFailure(await refusalText(error));
    }
  };

  return (
    <li className={cards.item} aria-label={`${tradeIn.title} ${tradeIn.number}`}>
      <h3 className={cards.name}>{tradeIn.title}</h3>
      <p className={cards.meta}>{t('tradeIns.meta', { number: tradeIn.number, colour: tradeIn.colour, size: tradeIn.size, date: date(tradeIn.created_at) })}</p>
      <p className={page.state}>{t(`tradeIns.states.${tradeIn.state}`)}</p>
      {tradeIn.state === 'credited' ? (
        tradeIn.code ? (
          <p>
            {t('tradeIns.paidCode', { amount: money(tradeIn.credited ?? 0) })} <span className={page.code}>{tradeIn.code}</span>{' '}
            {t(tradeIn.code_active ? 'tradeIns.codeActive' : 'tradeIns.codeUsed')}
          </p>
        ) : (
          <p>
            {t('tradeIns.paidMoney', { amount: money(tradeIn.credited ?? 0) })} <Link to="/user/wallet">{t('tradeIns.wallet')}</Link>
          </p>
        )
      ) : (
        <p>{worth}</p>
      )}
      {tradeIn.state === 'repriced' ? (
        <>
          <p>{t('tradeIns.repriced', { before: money(tradeIn.offered), amount: money(tradeIn.price), date: tradeIn.answer_by ? date(tradeIn.answer_by) : '' })}</p>
          <blockquote>{tradeIn.reprice_reason}</blockquote>
          <div className={page.actions}>
            <Button busy={busy} disabled={busy} onClick={() => void act(() => answerTradeIn(tradeIn.id, 'accept'))}>
              {t('tradeIns.acceptPrice', { amount: tradeIn.payout === 'credit' ? money(tradeIn.amounts.credit) : money(tradeIn.amounts.money) })}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => void act(() => answerTradeIn(tradeIn.id, 'return'))}>
              {t('tradeIns.sendBack')}
            </Button>
          </div>
        </>
      ) : null}
      {tradeIn.state === 'sent' ? (
        <>
          <p className={cards.meta}>{t('tradeIns.tracking', { tracking: tradeIn.tracking })}</p>
          <div className={page.actions}>
            <Button variant="secondary" onClick={() => void download('inbound')}>
              {t('tradeIns.label')}
            </Button>
            <Button variant="ghost" disabled={busy} onClick={() => void act(() => cancelTradeIn(tradeIn.id))}>
              {t('tradeIns.cancel')}
            </Button>
          </div>
        </>
      ) : null}
      {tradeIn.state === 'returned' ? (
        <>
          {tradeIn.reprice_reason ? <p>{t('tradeIns.reason', { reason: tradeIn.reprice_reason })}</p> : null}
          <p className={cards.meta}>{t('tradeIns.tracking', { tracking: tradeIn.return_tracking ?? '' })}</p>
        </>
      ) : null}
      <FormFailure>{failure}</FormFailure>
    </li>
  );
}
