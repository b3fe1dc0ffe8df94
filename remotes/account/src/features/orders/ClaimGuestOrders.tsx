import { claimAllOrders, refusalText, sendClaimOrdersCode, userDataAtom } from '@preloved/shared';
import { Button, EmailCodeForm } from '@preloved/ui';
import { useAtomValue } from 'jotai';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import list from './OrdersPage.module.css';

/**
 * "Add the orders you placed as a guest": every guest order of the account's e-mail joins
 * it once the inbox proves it, by a code mailed now. `onAdded` reads the list (and the profile) again.
 */
export function ClaimGuestOrders({ onAdded }: { onAdded: () => void }) {
  const { t } = useTranslation('account');
  const customer = useAtomValue(userDataAtom)?.customer;
  const email = typeof customer?.EmailAddress === 'string' ? customer.EmailAddress : '';
  const [step, setStep] = useState<'offer' | 'sending' | 'code'>('offer');
  const [failure, setFailure] = useState<string | null>(null);
  const titleId = useId();
  const textId = useId();

  const send = async () => {
    setStep('sending');
    setFailure(null);
    try {
      await sendClaimOrdersCode();
      setStep('code');
    } catch (error) {
      setFailure(await refusalText(error));
      setStep('offer');
    }
  };

  if (!email) return null;
  return (
    <section className={list.notice} aria-labelledby={titleId}>
      <h3 id={titleId} className={list.claimTitle}>
        {t('orders.claimAll.title', { email })}
      </h3>
      {step === 'code' ? (
        <>
          <p id={textId} className={list.claimText}>
            {t('orders.claimAll.sent', { email })}
          </p>
          <EmailCodeForm
            labelledBy={textId}
            confirmLabel={t('orders.claimAll.confirm')}
            onConfirm={(code) => claimAllOrders(code)}
            onResend={sendClaimOrdersCode}
            successText={({ claimed }) => t('orders.claimAll.added', { count: claimed })}
            onConfirmed={onAdded}
          />
        </>
      ) : (
        <>
          <p className={list.claimText}>{t('orders.claimAll.text')}</p>
          {failure ? <p role="alert">{failure}</p> : null}
          <Button variant="secondary" onClick={() => void send()} busy={step === 'sending'} disabled={step === 'sending'}>
            {t('orders.claimAll.send')}
          </Button>
        </>
      )}
    </section>
  );
}
