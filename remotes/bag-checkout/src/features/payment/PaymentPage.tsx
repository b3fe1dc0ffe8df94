import { formatMoney, isBuyableLine, isTimeZone, type CheckoutData, type PaymentOptions, type PaymentRequest, type PaymentResult } from '@preloved/contract';
import {
  api,
  bagOpenAtom,
  confirmPayment,
  HTTPError,
  isNoAnswer,
  isSignedInAtom,
  lostPieces,
  messageFor,
  pay,
  readRefusal,
  refreshBag,
  setCartAtom,
  useCached,
} from '@preloved/shared';
import { Link, useNavigate, usePageData } from '@preloved/shared/router';
import { Button, buttonClassName, ConfirmDialog, EmptyState, Field, FormFailure, useFieldForm } from '@preloved/ui';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckoutFrame } from '../../components/CheckoutFrame';
import { lastPlacedAtom, useCheckoutProgress, useGuestCart } from '../../components/checkout-progress';
import { checkCard, formatCardNumber, formatExpiry } from './card-checks';
import { GuestEmailCode } from './GuestEmailCode';
import styles from './PaymentPage.module.css';

type CardField = 'number' | 'expiry' | 'cvc' | 'name';

// Stripe's Payment Element: its own chunk, with Stripe.js, loaded only when Stripe takes the money.
const StripePayment = lazy(() => import('./StripePayment'));

/** The browser's IANA time zone; none when it does not say or says something the API does not take. */
function browserTimeZone(): string | undefined {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : undefined;
}

/**
 * /payment (spec §2, §4): the card, checked in the page (Luhn, expiry, CVC) before it is sent; one
 * Idempotency-Key per attempt so a double click or a lost answer never pays twice.
 */
export function PaymentPage() {
  const { t, i18n } = useTranslation('bag');
  const checkout = usePageData<CheckoutData>();
  const navigate = useNavigate();
  const [progress, setProgress] = useCheckoutProgress();
  const cart = useGuestCart();
  const signedIn = useAtomValue(isSignedInAtom);
  const setCart = useSetAtom(setCartAtom);
  const setBagOpen = useSetAtom(bagOpenAtom);
  const form = useFieldForm<CardField>({ number: '', expiry: '', cvc: '', name: '' }, { message: (key) => messageFor(key, 'bag') });
  const [lost, setLost] = useState<{ listing_id: number; title: string }[] | null>(null);
  const [pending, setPending] = useState<PaymentResult | null>(null);
  // The payment was sent and no answer came back: it may have gone through.
  const [unsure, setUnsure] = useState(false);
  const [lastPlaced, setLastPlaced] = useAtom(lastPlacedAtom);
  // A guest's first-order code: the 6-digit code mailed to the checkout e-mail, sent with the payment.
  const [emailCode, setEmailCode] = useState('');
  const [emailCodeError, setEmailCodeError] = useState<string | null>(null);
  // The key belongs to one request: the same request sent again (a retry) keeps it, any change
  // (another card, another total) gets a new one, as pay() asks.
  const attempt = useRef<{ request: string; key: string } | null>(null);
  // Who takes the money: the card form shows at once (the test provider); Stripe's element replaces it when the API says so.
  // They are the store's settings: asked once per page load (the data cache), whichever checkout comes back here.
  const options = useCached(['payment-options'], () => api().get('checkout/payment-options').json<PaymentOptions>(), { freshMs: Infinity }).data ?? null;

  // Back from Stripe's redirect (a bank's page, MB WAY, Multibanco): the page was reloaded, so the
  // checkout's choices are gone (in memory on purpose); the attempt in the URL is all it needs.
  const returning = typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('payment_intent');
  // Back after paying, or this tab's bag emptied by the order it just placed: the order, not an empty form.
  const placed = progress.result?.order_number ? progress.result : !checkout.lines.some(isBuyableLine) && lastPlaced?.order_number ? lastPlaced : null;
  if (placed && !returning)
    return (
      <CheckoutFrame tab="payment" checkout={checkout}>
        <OrderPlaced result={placed} signedIn={signedIn} />
      </CheckoutFrame>
    );
  if ((!progress.delivery_option || progress.total === null) && !returning)
    return (
      <CheckoutFrame tab="payment" checkout={checkout}>
        <EmptyState title={t('payment.noReview')} action={<Link className={buttonClassName()} to="/review">{t('payment.toReview')}</Link>} />
      </CheckoutFrame>
    );
  const total = progress.total ?? 0;
  const needsEmailCode = !signedIn && progress.first_order_code && progress.discount_code !== null;
  const typedEmailCode = needsEmailCode ? emailCode.replace(/\s+/g, '') : undefined;
  const money = formatMoney(total, i18n.language, { currency: checkout.currency_symb_code });

  const succeed = async (result: PaymentResult) => {
    setProgress((current) => ({ ...current, result }));
    setLastPlaced(result);
    // The bag is sold: a guest's local bag empties, a customer's server bag is read again.
    if (signedIn) await refreshBag().catch(() => undefined);
    else setCart([]);
    void navigate('/payment-sucess');
  };

  const fail = async (error: unknown) => {
    // Sent, and no answer (offline, dropped, timed out): the card may have been charged. "Pay"
    // again sends the same request with the same Idempotency-Key, which answers the first result.
    if (isNoAnswer(error)) {
      setUnsure(true);
      form.refuse({}, null);
      return;
    }
    const pieces = lostPieces(error);
    if (error instanceof HTTPError && error.response.status === 409) {
      setLost(pieces);
      form.setFailure(pieces.length === 0 ? t('payment.priceChanged') : null);
      return;
    }
    if (error instanceof HTTPError && error.response.status === 402) {
      form.refuse({}, t('payment.declined'));
      return;
    }
    // The API answered 5xx without taking the order: nothing is kept, but only a gateway's 502-504 or
    // an answer the API gave says so for sure; a bare 500 may have died after the card's hold.
    if (error instanceof HTTPError && error.response.status === 500) {
      setUnsure(true);
      form.refuse({}, null);
      return;
    }
    const refusal = await readRefusal(error);
    if (refusal.fields.email_code) {
      setEmailCodeError(messageFor(refusal.fields.email_code));
      form.refuse({}, null);
      return;
    }
    const problems: Partial<Record<CardField, string>> = {};
    for (const [wire, key] of Object.entries(refusal.fields)) {
      const name = wire.replace(/^card\./, '');
      if (name === 'number' || name === 'cvc') problems[name] = key;
      else if (name === 'exp_month' || name === 'exp_year') problems.expiry = key;
    }
    const other = Object.entries(refusal.fields).find(([wire]) => !wire.startsWith('card'));
    const text = refusal.text || (other ? messageFor(other[1]) : null);
    // Every answer but a 500 comes before the card is charged, or after its hold was let go.
    form.refuse(problems, text ? `${text} ${t('payment.notCharged')}` : null);
  };

  /** The request without a card: Stripe's element takes it. */
  const stripeRequest = (): Omit<PaymentRequest, 'card'> => ({
    delivery_option: progress.delivery_option!,
    pickup_point_id: progress.pickup_point_id ?? undefined,
    address_id: progress.address_id ?? undefined,
    address: progress.address ?? undefined,
    email: signedIn ? undefined : progress.email,
    discount_code: progress.discount_code ?? undefined,
    email_code: typedEmailCode || undefined,
    cart,
    total,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.busy) return;
    const { problems, card } = checkCard(form.values);
    const codeProblem = typedEmailCode === undefined ? null : !typedEmailCode ? 'no_email_code' : /^\d{6}$/.test(typedEmailCode) ? null : 'invalid_email_code';
    setEmailCodeError(messageFor(codeProblem));
    if (!form.check(problems) || !card || codeProblem) return;
    setLost(null);
    setUnsure(false);
    // Offline before sending: nothing left the phone, so nothing can have been charged.
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      form.setFailure(t('payment.offline'));
      return;
    }
    const request: PaymentRequest = {
      delivery_option: progress.delivery_option!,
      pickup_point_id: progress.pickup_point_id ?? undefined,
      address_id: progress.address_id ?? undefined,
      address: progress.address ?? undefined,
      save_address: progress.address !== null && progress.save_address,
      email: signedIn ? undefined : progress.email,
      discount_code: progress.discount_code ?? undefined,
      email_code: typedEmailCode || undefined,
      cart,
      total,
      card: { ...card, name: form.values.name.trim() || undefined },
      // The order's mails give their dates in the shopper's own time zone.
      time_zone: browserTimeZone(),
    };
    const fingerprint = JSON.stringify(request);
    if (attempt.current?.request !== fingerprint) attempt.current = { request: fingerprint, key: crypto.randomUUID() };
    form.setBusy(true);
    try {
      const result = await pay(request, attempt.current.key);
      if (result.status === 'requires_action') setPending(result);
      else await succeed(result);
    } catch (error) {
      await fail(error);
    } finally {
      form.setBusy(false);
    }
  };

  const confirm = async () => {
    if (!pending) return;
    const attemptId = pending.attempt_id;
    setPending(null);
    form.setBusy(true);
    try {
      await succeed(await confirmPayment(attemptId));
    } catch (error) {
      await fail(error);
    } finally {
      form.setBusy(false);
    }
  };

  if (returning)
    return (
      <CheckoutFrame tab="payment" checkout={checkout}>
        <Suspense fallback={<p role="status">{t('payment.stripeLoading')}</p>}>
          <StripePayment publishableKey="" request={() => ({}) as Omit<PaymentRequest, 'card'>} payLabel={t('payment.paying')} onSucceeded={succeed} onFailed={fail} returning />
        </Suspense>
        <FormFailure>{form.failure}</FormFailure>
        {unsure ? <MaybeCharged signedIn={signedIn} email={progress.email} /> : null}
      </CheckoutFrame>
    );
  const emailCodeField = needsEmailCode ? (
    <GuestEmailCode
      email={progress.email}
      firstName={progress.address?.first_name}
      value={emailCode}
      onChange={(value) => {
        setEmailCode(value);
        setEmailCodeError(null);
      }}
      error={emailCodeError}
    />
  ) : null;

  if (options?.provider === 'stripe' && options.publishable_key)
    return (
      <CheckoutFrame tab="payment" checkout={checkout}>
        {emailCodeField}
        <Suspense fallback={<p role="status">{t('payment.stripeLoading')}</p>}>
          <StripePayment
            publishableKey={options.publishable_key}
            request={stripeRequest}
            payLabel={t('payment.pay', { total: money })}
            onSucceeded={succeed}
            onFailed={async (error) => {
              setLost(null);
              await fail(error);
            }}
          />
        </Suspense>
        <FormFailure>{form.failure}</FormFailure>
        {unsure ? <MaybeCharged signedIn={signedIn} email={progress.email} /> : null}
        <LostPieces lost={lost} text={t('payment.lostTextStripe')} onBackToBag={() => setBagOpen(true)} />
      </CheckoutFrame>
    );

  const numberField = form.field('number');
  const expiryField = form.field('expiry');
  return (
    <CheckoutFrame tab="payment" checkout={checkout}>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        {emailCodeField}
        <fieldset className={styles.group}>
          <legend className={styles.legend}>{t('payment.card')}</legend>
          {/* Typed with thumbs: the number in the card's groups, the expiry's slash put in. */}
          <Field
            {...numberField}
            onChange={(value) => numberField.onChange(formatCardNumber(value))}
            label={t('payment.number')}
            inputMode="numeric"
            autoComplete="cc-number"
            maxLength={23}
            className={styles.wide}
          />
          <Field
            {...expiryField}
            onChange={(value) => expiryField.onChange(formatExpiry(value, expiryField.value))}
            label={t('payment.expiry')}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder={t('payment.expiryPlaceholder')}
            maxLength={9}
          />
          <Field {...form.field('cvc')} label={t('payment.cvc')} inputMode="numeric" autoComplete="cc-csc" maxLength={4} />
          <Field {...form.field('name')} label={t('payment.name')} autoComplete="cc-name" className={styles.wide} />
        </fieldset>
        <FormFailure>{form.failure}</FormFailure>
        {unsure ? <MaybeCharged signedIn={signedIn} email={progress.email} /> : null}
        <LostPieces lost={lost} text={t('payment.lostText')} onBackToBag={() => setBagOpen(true)} />
        {lost && lost.length === 0 ? (
          <Link className={buttonClassName('secondary')} to="/review">
            {t('payment.toReview')}
          </Link>
        ) : null}
        <Button type="submit" aria-busy={form.busy || undefined}>
          {form.busy ? t('payment.paying') : t('payment.pay', { total: money })}
        </Button>
      </form>
      <ConfirmDialog
        open={pending !== null}
        title={t('payment.confirmTitle')}
        confirmLabel={t('payment.confirm')}
        cancelLabel={t('payment.cancel')}
        onConfirm={() => void confirm()}
        onCancel={() => {
          setPending(null);
          form.setFailure(t('payment.cancelled'));
        }}
      >
        <p>{t('payment.confirmText', { total: money })}</p>
      </ConfirmDialog>
    </CheckoutFrame>
  );
}

/** The pieces sold to someone else while this shopper paid (a 409), with the way back to the bag. */
function LostPieces({ lost, text, onBackToBag }: { lost: { listing_id: number; title: string }[] | null | undefined; text: string; onBackToBag: () => void }) {
  const { t } = useTranslation('bag');
  if (!lost || lost.length === 0) return null;
  return (
    <div role="alert" className={styles.lost}>
      <h2 className={styles.lostTitle}>{t('payment.lostTitle')}</h2>
      <p>{text}</p>
      <ul>
        {lost.map((piece) => (
          <li key={piece.listing_id}>{piece.title}</li>
        ))}
      </ul>
      <Button variant="secondary" onClick={onBackToBag}>
        {t('payment.backToBag')}
      </Button>
    </div>
  );
}

/**
 * A payment sent with no answer back: it may have gone through. Says where to look, and
 * that "Pay" again is safe (the same Idempotency-Key answers the first result, never a second charge).
 */
function MaybeCharged({ signedIn, email }: { signedIn: boolean; email: string }) {
  const { t } = useTranslation('bag');
  return (
    <div role="alert" className={styles.lost}>
      <h2 className={styles.lostTitle}>{t('payment.unsureTitle')}</h2>
      <p>{t('payment.unsureText')}</p>
      {signedIn ? (
        <Link to="/user/orders">{t('payment.unsureOrders')}</Link>
      ) : email ? (
        <p>{t('payment.unsureEmail', { email })}</p>
      ) : null}
    </div>
  );
}

/** The order this tab just placed, where Back or a second "Pay" would have shown an empty form. */
function OrderPlaced({ result, signedIn }: { result: PaymentResult; signedIn: boolean }) {
  const { t, i18n } = useTranslation('bag');
  return (
    <div role="status" className={styles.placed}>
      <h2 className={styles.lostTitle}>{t('payment.placedTitle', { number: result.order_number })}</h2>
      <p>{t('payment.placedText', { total: formatMoney(result.total, i18n.language) })}</p>
      <Link className={buttonClassName()} to={signedIn && result.order_id ? `/user/orders/${result.order_id}` : '/payment-sucess'}>
        {t('payment.placedLink')}
      </Link>
    </div>
  );
}
