import { formatMoney, type TradeIn, type TradeInOffer, type TradeInPayout } from '@preloved/contract';
import { isSignedInAtom, refusalText, store } from '@preloved/shared';
import { Button, FormFailure, buttonClassName, useListingText } from '@preloved/ui';
import { useAtomValue } from 'jotai';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptTradeIn, getTradeInOffer, tradeInLabel } from '../lib/trade-in-api';
import styles from './TradeInChoice.module.css';

const CONDITIONS = [1, 2, 3, 4, 5];
const newKey = () => `trade-in-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/**
 * "Trade it in" (issue 48): the brand's instant offer for a piece, shown before the customer commits —
 * credit for the main shop with the bonus, or money into the wallet without it — and accepting it,
 * which gives the prepaid label to the hub. On the main shop's order page (the resell widget, which
 * asks for the condition) and on the Sell page (which has it).
 */
export function TradeInChoice({ childId, conditionId, storeUrl = '' }: { childId: number; conditionId?: number | null; storeUrl?: string }) {
  const { t, i18n } = useTranslation('seller');
  const { conditionName } = useListingText();
  const signedIn = useAtomValue(isSignedInAtom, { store });
  const id = useId();
  const [chosenCondition, setChosenCondition] = useState<number | null>(null);
  const condition = conditionId ?? chosenCondition;
  const [offer, setOffer] = useState<TradeInOffer | null>(null);
  const [payout, setPayout] = useState<TradeInPayout>('credit');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<TradeIn | null>(null);
  // One key per attempt: sending it again (no answer came) answers the same trade-in.
  const key = useRef(newKey());
  const money = (amount: number) => formatMoney(amount, i18n.language);

  useEffect(() => {
    if (condition === null) return;
    const controller = new AbortController();
    setOffer(null);
    setFailure(null);
    getTradeInOffer(childId, condition, controller.signal)
      .then(setOffer)
      .catch(async (error: unknown) => {
        if (!controller.signal.aborted) setFailure(await refusalText(error));
      });
    return () => controller.abort();
  }, [childId, condition]);

  const accept = async () => {
    if (!offer?.offer || condition === null) return;
    setBusy(true);
    setFailure(null);
    try {
      setDone(await acceptTradeIn({ child_id: childId, condition_id: condition, payout, price: offer.offer.money }, key.current));
      key.current = newKey();
    } catch (error) {
      setFailure(await refusalText(error));
      // A price that changed: show the new offer.
      getTradeInOffer(childId, condition).then(setOffer, () => undefined);
    } finally {
      setBusy(false);
    }
  };

  const download = async () => {
    if (!done) return;
    try {
      const url = URL.createObjectURL(await tradeInLabel(done.id));
      const link = Object.assign(document.createElement('a'), { href: url, download: `trade-in-${done.number}.pdf` });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      setFailure(await refusalText(error));
    }
  };

  if (done) {
    return (
      <section className={styles.box} aria-labelledby={`${id}-title`}>
        <h3 id={`${id}-title`} className={styles.title}>
          {t('tradeIn.acceptedTitle', { number: done.number })}
        </h3>
        <p role="status">
          {done.payout === 'credit'
            ? t('tradeIn.acceptedCredit', { amount: money(done.amounts.credit), bonus: money(done.amounts.bonus) })
            : t('tradeIn.acceptedMoney', { amount: money(done.amounts.money) })}
        </p>
        <p>{t('tradeIn.labelSent', { tracking: done.tracking })}</p>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => void download()}>
            {t('tradeIn.downloadLabel')}
          </Button>
          <a className={buttonClassName('ghost')} href={`${storeUrl}/user/trade-ins`}>
            {t('tradeIn.yourTradeIns')}
          </a>
        </div>
        <FormFailure>{failure}</FormFailure>
      </section>
    );
  }

  return (
    <section className={styles.box} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.title}>
        {t('tradeIn.title')}
      </h3>
      <p className={styles.hint}>{t('tradeIn.intro')}</p>
      {conditionId == null ? (
        <label className={styles.field}>
          <span>{t('tradeIn.condition')}</span>
          <select value={chosenCondition ?? ''} onChange={(event) => setChosenCondition(event.target.value ? Number(event.target.value) : null)}>
            <option value="">{t('tradeIn.chooseCondition')}</option>
            {CONDITIONS.map((value) => (
              <option key={value} value={value}>
                {conditionName(value)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {condition !== null && offer && !offer.offer ? <p role="status">{t('tradeIn.noOffer')}</p> : null}
      {offer?.offer ? (
        <>
          <fieldset className={styles.choices}>
            <legend>{t('tradeIn.offerFor', { title: offer.title, colour: offer.colour, size: offer.size })}</legend>
            <label className={styles.choice}>
              <input type="radio" name={`${id}-payout`} checked={payout === 'credit'} onChange={() => setPayout('credit')} />
              <span>{t('tradeIn.asCredit', { amount: money(offer.offer.credit), bonus: money(offer.offer.bonus) })}</span>
            </label>
            <label className={styles.choice}>
              <input type="radio" name={`${id}-payout`} checked={payout === 'money'} onChange={() => setPayout('money')} />
              <span>{t('tradeIn.asMoney', { amount: money(offer.offer.money) })}</span>
            </label>
          </fieldset>
          <p className={styles.hint}>{t('tradeIn.how')}</p>
          {signedIn ? (
            <Button onClick={() => void accept()} busy={busy} disabled={busy}>
              {t('tradeIn.accept')}
            </Button>
          ) : (
            <a className={buttonClassName('primary')} href={`${storeUrl}/user/submit-item-2hand?resell=${childId}`}>
              {t('tradeIn.signIn')}
            </a>
          )}
        </>
      ) : null}
      <FormFailure>{failure}</FormFailure>
    </section>
  );
}
