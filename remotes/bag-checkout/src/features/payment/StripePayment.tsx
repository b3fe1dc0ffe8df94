import type { PaymentRequest, PaymentResult } from '@preloved/contract';
import { confirmPayment, isNoAnswer, pay } from '@preloved/shared';
import { Link } from '@preloved/shared/router';
import { Button, buttonClassName, FormFailure } from '@preloved/ui';
import type { Stripe, StripeElements, StripePaymentElement } from '@stripe/stripe-js';
// The "pure" entry adds Stripe.js to the page only when loadStripe is called: with Stripe as the
// provider, on this page. This whole file is its own chunk, loaded only then.
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './PaymentPage.module.css';

interface Props {
  publishableKey: string;
  /** The payment request as the page has it (no card: Stripe's element takes it). */
  request: () => Omit<PaymentRequest, 'card'>;
  payLabel: string;
  onSucceeded: (result: PaymentResult) => Promise<void>;
  onFailed: (error: unknown) => Promise<void>;
  /** Back from a redirect: only the attempt in the URL is settled; a failure leads back to the review. */
  returning?: boolean;
}

interface Session {
  stripe: Stripe;
  elements: StripeElements;
  element: StripePaymentElement;
  attemptId: string;
}

/** Where Stripe sends the shopper back after a redirecting method (3-D Secure page, MB WAY, Multibanco). */
const RETURN_PARAM = 'attempt';

/**
 * Paying through Stripe's Payment Element: the API creates the PaymentIntent for its own total and
 * answers its client secret; the element (Stripe's frames: the card never touches our page) confirms
 * it, with 3-D Secure when the bank asks; then the confirm call places the order (or reads the order
 * the webhook placed first).
 */
export default function StripePayment({ publishableKey, request, payLabel, onSucceeded, onFailed, returning = false }: Props) {
  const { t, i18n } = useTranslation('bag');
  const mount = useRef<HTMLDivElement>(null);
  const session = useRef<Session | null>(null);
  const [stage, setStage] = useState<'start' | 'loading' | 'ready' | 'paying'>('start');
  const [failure, setFailure] = useState<string | null>(null);
  // One Idempotency-Key per request: "Continue" again after a dropped answer sends the
  // same request with the same key and gets the first intent back, not a second one.
  const attempt = useRef<{ request: string; key: string } | null>(null);

  const settle = async (attemptId: string) => {
    const result = await confirmPayment(attemptId);
    if (result.status === 'succeeded') await onSucceeded(result);
    else {
      setFailure(t('payment.stripeProcessing'));
      setStage('ready');
    }
  };

  // Back from a redirect: the URL names the attempt; the API retrieves the intent and places the order.
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const attemptId = params.get(RETURN_PARAM);
    if (!attemptId || !params.get('payment_intent')) return;
    setStage('paying');
    settle(attemptId).catch(async (error: unknown) => {
      setStage('start');
      await onFailed(error);
    });
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => () => session.current?.element.destroy(), []);

  const start = async () => {
    if (stage !== 'start') return;
    setStage('loading');
    setFailure(null);
    try {
      const body = request();
      const fingerprint = JSON.stringify(body);
      if (attempt.current?.request !== fingerprint) attempt.current = { request: fingerprint, key: crypto.randomUUID() };
      const result = await pay(body, attempt.current.key);
      if (result.status === 'succeeded') return await onSucceeded(result);
      const stripe = await loadStripe(result.publishable_key ?? publishableKey);
      if (!stripe || !result.client_secret || !mount.current) throw new Error('Stripe.js is not available');
      const elements = stripe.elements({ clientSecret: result.client_secret, locale: i18n.language === 'pt' || i18n.language === 'es' ? i18n.language : 'en' });
      const element = elements.create('payment');
      element.mount(mount.current);
      session.current = { stripe, elements, element, attemptId: result.attempt_id };
      setStage('ready');
    } catch (error) {
      setStage('start');
      if (error instanceof Error && error.message === 'Stripe.js is not available') setFailure(t('payment.stripeUnavailable'));
      // No answer to the intent's request: no card was asked for yet, so nothing can have been charged.
      else if (isNoAnswer(error)) setFailure(`${t('errors.network', { ns: 'common' })} ${t('payment.notCharged')}`);
      else await onFailed(error);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const current = session.current;
    if (!current || stage !== 'ready') return;
    setStage('paying');
    setFailure(null);
    const returnUrl = new URL('/payment', window.location.href);
    returnUrl.searchParams.set(RETURN_PARAM, current.attemptId);
    const { error } = await current.stripe.confirmPayment({ elements: current.elements, confirmParams: { return_url: returnUrl.href }, redirect: 'if_required' });
    if (error) {
      // Stripe's own words, in the element's language. A declined payment ends the attempt (the
      // webhook cancels its intent): the next try starts a new one. An incomplete form keeps it.
      setFailure(error.message ?? t('payment.declined'));
      if (error.type === 'validation_error') setStage('ready');
      else {
        current.element.destroy();
        session.current = null;
        // That intent is over: the next try is a new request, with a new key.
        attempt.current = null;
        setStage('start');
      }
      return;
    }
    try {
      await settle(current.attemptId);
    } catch (caught) {
      setStage('ready');
      await onFailed(caught);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <fieldset className={styles.stripe}>
        <legend className={styles.legend}>{t('payment.stripeTitle')}</legend>
        <div ref={mount} />
        {stage === 'loading' ? <p role="status">{t('payment.stripeLoading')}</p> : null}
      </fieldset>
      <FormFailure>{failure}</FormFailure>
      {returning && stage === 'start' ? (
        <Link className={buttonClassName('secondary')} to="/review">
          {t('payment.toReview')}
        </Link>
      ) : stage === 'start' || stage === 'loading' ? (
        <Button type="button" onClick={() => void start()} aria-busy={stage === 'loading' || undefined}>
          {t('payment.stripeContinue')}
        </Button>
      ) : (
        <Button type="submit" aria-busy={stage === 'paying' || undefined}>
          {stage === 'paying' ? t('payment.paying') : payLabel}
        </Button>
      )}
    </form>
  );
}
