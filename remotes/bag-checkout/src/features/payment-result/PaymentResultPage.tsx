import { formatMoney, dateTimeFormat, localeOf } from '@preloved/contract';
import { claimOrder, confirmVerification, HTTPError, isSignedInAtom, loginPanelAtom, refusalText, resendVerification } from '@preloved/shared';
import { Link } from '@preloved/shared/router';
import { Button, buttonClassName, EmptyState, EmailCodeForm } from '@preloved/ui';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lastPlacedAtom, useCheckoutProgress } from '../../components/checkout-progress';
import styles from './PaymentResultPage.module.css';

/**
 * The offer; waiting for the guest to sign up or in; the claim sent; waiting for the account's
 * e-mail to be proven (the payment's token claims only while it is); done; refused.
 */
type ClaimState = 'offer' | 'waiting' | 'claiming' | 'confirm' | 'claimed' | 'failed';

/** 403 `email_not_verified`: the account's e-mail must be proven before the order joins it. */
const needsProof = (error: unknown) =>
  error instanceof HTTPError && error.response.status === 403 && (error.data as { code?: unknown } | undefined)?.code === 'email_not_verified';

/**
 * /payment-sucess (the spec's spelling): the order number, what happens next, and for a guest an
 * account that then owns the order (sign up in the login panel, then the claim call).
 */
export function PaymentResultPage() {
  const { t, i18n } = useTranslation('bag');
  const [{ result: paid, email }] = useCheckoutProgress();
  // The order this tab placed stays after the progress is forgotten (Back to it from another page).
  const lastPlaced = useAtomValue(lastPlacedAtom);
  const result = paid ?? lastPlaced;
  const signedIn = useAtomValue(isSignedInAtom);
  const setLoginPanel = useSetAtom(loginPanelAtom);
  const [claim, setClaim] = useState<ClaimState>('offer');
  const [claimFailure, setClaimFailure] = useState<string | null>(null);
  // The claim asked for the proof once: the code's form stays while the claim is sent again.
  const [proving, setProving] = useState(false);
  const claimToken = result?.claim_token;
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    document.title = `${t('result.title')} — Preloved`;
    heading.current?.focus();
  }, [t]);

  const sendClaim = useCallback(() => {
    if (!claimToken) return;
    setClaim('claiming');
    claimOrder(claimToken).then(
      () => setClaim('claimed'),
      async (error: unknown) => {
        if (needsProof(error)) {
          setProving(true);
          return setClaim('confirm');
        }
        setClaimFailure(error instanceof HTTPError && error.response.status < 500 ? await refusalText(error) : null);
        setClaim('failed');
      },
    );
  }, [claimToken]);

  // The guest signed up (or in) from the offer: the order joins that account.
  useEffect(() => {
    if (claim === 'waiting' && signedIn) sendClaim();
  }, [claim, signedIn, sendClaim]);

  if (!result?.order_number)
    return (
      <div className={styles.page}>
        <EmptyState title={t('result.missing')} action={<Link className={buttonClassName()} to="/">{t('result.continueShopping')}</Link>} />
      </div>
    );

  const shipBy = result.ship_by
    ? dateTimeFormat(localeOf(i18n.language), { weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(`${result.ship_by.slice(0, 10)}T12:00:00`))
    : null;
  return (
    <div className={styles.page}>
      <h1 ref={heading} tabIndex={-1} className={styles.heading}>
        {t('result.title')}
      </h1>
      <p className={styles.number}>{t('result.number', { number: result.order_number })}</p>
      <p>{t('result.total', { total: formatMoney(result.total, i18n.language) })}</p>
      <section aria-labelledby="result-next" className={styles.block}>
        <h2 id="result-next" className={styles.title}>
          {t('result.next')}
        </h2>
        <p>{shipBy ? t('result.ships', { date: shipBy }) : t('result.shipsSoon')}</p>
        {email ? <p>{t('result.email')}</p> : null}
      </section>
      {result.claim_token ? (
        <section aria-labelledby="result-claim" className={styles.block}>
          <h2 id="result-claim" className={styles.title}>
            {t('result.claimTitle')}
          </h2>
          {claim === 'claimed' ? (
            <p role="status">{t('result.claimed')}</p>
          ) : claim === 'confirm' || (claim === 'claiming' && proving) ? (
            <>
              <p id="result-confirm">{t('result.claimConfirm')}</p>
              <EmailCodeForm
                labelledBy="result-confirm"
                onConfirm={(code) => confirmVerification({ code })}
                onResend={resendVerification}
                successText={() => t('result.claimConfirmed')}
                onConfirmed={sendClaim}
              />
            </>
          ) : claim === 'claiming' ? (
            <p role="status">{t('result.claiming')}</p>
          ) : (
            <>
              <p>{t('result.claimText')}</p>
              {claim === 'failed' ? <p role="alert">{claimFailure ?? t('result.claimFailed')}</p> : null}
              <Button
                onClick={() => {
                  setClaim('waiting');
                  setLoginPanel({ mode: 'register', forCheckout: false, email });
                }}
              >
                {t('result.createAccount')}
              </Button>
            </>
          )}
        </section>
      ) : null}
      <div className={styles.actions}>
        {signedIn ? (
          <Link className={buttonClassName('secondary')} to="/user/orders">
            {t('result.orders')}
          </Link>
        ) : null}
        <Link className={buttonClassName()} to="/">
          {t('result.continueShopping')}
        </Link>
      </div>
    </div>
  );
}
