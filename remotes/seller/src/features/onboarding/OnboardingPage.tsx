import {
  maskIban,
  PayoutPreferenceInput,
  SELLER_SHIPS_WITHIN_BUSINESS_DAYS,
  STRIPE_CONNECT_COUNTRIES,
  type PayoutMethod,
  type PayoutPreference,
  type StripeConnectStatus,
} from '@preloved/contract';
import { getPayoutPreference, savePayoutPreference, useBrandDetails, useToast, verificationContext } from '@preloved/shared';
import { hasSession, type LoaderFunctionArgs, useLocation, useNavigate, usePageData, useReloadOnSignIn } from '@preloved/shared/router';
import { Button, Field, MoneyOutFailure, moneyOutBlock, PageSkeleton, PayoutsFrozenNotice, SelectField, useFieldForm, useStepUp, type MoneyOutBlock } from '@preloved/ui';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../../components/SellerPage.module.css';
import { formatDateTime, sellerMessage } from '../../lib/format';
import { RESELL_PARAM, resellReference } from '../../lib/resell-link';
import { getStripeConnectStatus, startStripeConnect } from './stripe-api';
import { TraderDeclarationForm } from './TraderDeclarationForm';

/** The seller's payout preference and whether (and how far) they are paid through Stripe. */
export interface OnboardingData {
  preference: PayoutPreference;
  stripe: StripeConnectStatus;
}

export async function onboardingLoader({ request }: LoaderFunctionArgs): Promise<OnboardingData | null> {
  if (!hasSession()) return null;
  const [preference, stripe] = await Promise.all([getPayoutPreference(request.signal), getStripeConnectStatus(request.signal)]);
  return { preference, stripe };
}

const WIRE_FIELDS = { iban: 'iban' } as const;

/** Leaves the store for Stripe's hosted onboarding (a test puts a recorder here: jsdom cannot navigate). */
export const stripeRedirect = { to: (url: string) => window.location.assign(url) };

/** Back from Stripe's onboarding (`?stripe=return`), or its link expired (`?stripe=refresh`). */
type StripeBack = 'return' | 'refresh' | null;

/**
 * /user/onboarding — what selling here means (fees, "you receive" and "buyer pays", smart pricing,
 * shipping within 5 business days, payout) and the payout preference; then on to submitting a piece.
 * The first choice into the wallet is one step; any other choice or change asks the owner to confirm
 * it is them when the API wants a fresh proof, and a new IBAN's transfers wait 48 hours.
 */
export function OnboardingPage() {
  const data = usePageData<OnboardingData | null>();
  const { t } = useTranslation('seller');
  const titleId = useId();
  const back = new URLSearchParams(useLocation().search).get('stripe');
  const stripeBack: StripeBack = back === 'return' || back === 'refresh' ? back : null;
  // The verification fee is named only where the store charges it (issue 48).
  const verification = verificationContext(useBrandDetails().brand?.verification);
  useReloadOnSignIn(Boolean(data));
  useEffect(() => {
    document.title = `${t('onboarding.title')} — Preloved`;
  }, [t]);
  if (!data) return <PageSkeleton label={t('onboarding.title')} />;
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {t('onboarding.title')}
      </h2>
      <p className={styles.intro}>{t('onboarding.intro')}</p>
      <h3 className={styles.sectionTitle}>{t('onboarding.stepsTitle')}</h3>
      <ul className={styles.steps}>
        <li>{t('onboarding.fees', { context: verification })}</li>
        <li>{t('onboarding.receive')}</li>
        <li>{t('onboarding.smartPricing')}</li>
        <li>{t('onboarding.shipping', { days: SELLER_SHIPS_WITHIN_BUSINESS_DAYS })}</li>
        <li>{t(data.stripe.offered ? 'onboarding.payoutStripe' : 'onboarding.payout')}</li>
      </ul>
      <TraderDeclarationForm />
      {data.stripe.offered && stripeBack ? <StripeBackNotice status={data.stripe} back={stripeBack} /> : null}
      <PayoutForm preference={data.preference} stripe={data.stripe} />
    </section>
  );
}

/** What the return from Stripe's onboarding says: Stripe has everything, or still needs something (the form continues there). */
function StripeBackNotice({ status, back }: { status: StripeConnectStatus; back: Exclude<StripeBack, null> }) {
  const { t } = useTranslation('seller');
  const key = status.transfers_active ? 'onboarding.stripeReady' : back === 'refresh' ? 'onboarding.stripeExpired' : status.details_submitted ? 'onboarding.stripeChecking' : 'onboarding.stripeMissing';
  return (
    <p className={styles.intro} role="status">
      {t(key)}
    </p>
  );
}

function PayoutForm({ preference, stripe }: { preference: PayoutPreference; stripe: StripeConnectStatus }) {
  const { t, i18n } = useTranslation('seller');
  const toast = useToast();
  const navigate = useNavigate();
  const { withStepUp, stepUpDialog } = useStepUp();
  const [block, setBlock] = useState<MoneyOutBlock | null>(null);
  // Come from "Resell this": on to that piece once the payout is chosen.
  const resell = resellReference(new URLSearchParams(useLocation().search).get(RESELL_PARAM));
  // Paid by Stripe in a store that no longer pays through it: the wallet, as the API pays it now.
  const [method, setMethod] = useState<PayoutMethod>(preference.method === 'stripe_connect' && !stripe.offered ? 'wallet' : preference.method);
  // A saved IBAN is shown masked, never put in the field: the field is for a new one, and
  // left empty it keeps the saved one.
  const form = useFieldForm({ iban: '', country: 'PT' }, { message: sellerMessage });
  const byStripe = method === 'stripe_connect';
  const methods: PayoutMethod[] = stripe.offered ? ['wallet', 'bank_transfer', 'stripe_connect'] : ['wallet', 'bank_transfer'];
  const legendId = useId();
  const ibanToSend = form.values.iban.trim() === '' && preference.iban ? preference.iban : form.values.iban;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.busy) return;
    if (byStripe) {
      await continueWithStripe();
      return;
    }
    const parsed = PayoutPreferenceInput.safeParse({ method, iban: ibanToSend });
    const ibanIssue = parsed.success ? null : (parsed.error.issues.find((issue) => issue.path[0] === 'iban')?.message ?? null);
    if (!form.check({ iban: ibanIssue })) return;
    form.setBusy(true);
    setBlock(null);
    try {
      const saved = await withStepUp(() => savePayoutPreference({ method: method === 'bank_transfer' ? 'bank_transfer' : 'wallet', iban: ibanToSend }));
      if (!saved) {
        form.setBusy(false);
        return;
      }
      // The seller is told when money will move to a new IBAN (held 48 hours, the first one too).
      const until = saved.iban_hold_until;
      toast.success(until && new Date(until).getTime() > Date.now() ? t('onboarding.savedHeld', { date: formatDateTime(until, i18n.language) }) : t('onboarding.saved'));
      void navigate(resell !== null ? `/user/submit-item-2hand?${RESELL_PARAM}=${resell}` : '/user/submit-item-2hand');
    } catch (error) {
      setBlock(moneyOutBlock(error));
      await form.refuseFailure(error, WIRE_FIELDS);
    }
  };

  /** "Get paid by Stripe": once the owner confirmed it is them, on to Stripe's hosted onboarding. */
  const continueWithStripe = async () => {
    form.setBusy(true);
    setBlock(null);
    try {
      const link = await withStepUp(() => startStripeConnect({ country: form.values.country === 'ES' ? 'ES' : 'PT' }));
      if (!link) {
        form.setBusy(false);
        return;
      }
      stripeRedirect.to(link.url);
    } catch (error) {
      setBlock(moneyOutBlock(error));
      await form.refuseFailure(error, {});
    }
  };

  const labels: Record<PayoutMethod, [string, string]> = {
    wallet: ['onboarding.wallet', 'onboarding.walletHint'],
    bank_transfer: ['onboarding.bank', 'onboarding.bankHint'],
    stripe_connect: ['onboarding.stripe', 'onboarding.stripeHint'],
  };

  return (
    <>
      {preference.frozen || block === 'payouts_frozen' ? <PayoutsFrozenNotice /> : null}
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <fieldset className={styles.section} aria-labelledby={legendId}>
          <legend id={legendId} className={styles.sectionTitle}>
            {t('onboarding.payoutTitle')}
          </legend>
          {methods.map((value) => (
            <label key={value} className={styles.choice}>
              <input type="radio" name="payout-method" value={value} checked={method === value} onChange={() => setMethod(value)} />
              <span>
                {t(labels[value][0])}
                <span className={styles.hint}>{t(labels[value][1])}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {byStripe ? (
          <SelectField binding={form.field('country')} label={t('onboarding.stripeCountry')}>
            {STRIPE_CONNECT_COUNTRIES.map((country) => (
              <option key={country} value={country}>
                {t(`onboarding.countries.${country}`)}
              </option>
            ))}
          </SelectField>
        ) : (
          <Field
            {...form.field('iban')}
            label={preference.iban ? t('onboarding.newIban') : t('onboarding.iban')}
            hint={preference.iban ? t('onboarding.savedIbanHint', { iban: maskIban(preference.iban) }) : t('onboarding.ibanHint')}
            name="iban"
            autoComplete="off"
            maxLength={42}
          />
        )}
        <MoneyOutFailure failure={form.failure} block={block} />
        <div>
          <Button type="submit" busy={form.busy} disabled={form.busy}>
            {t(byStripe ? (stripe.account ? 'onboarding.continueStripeAgain' : 'onboarding.continueStripe') : 'onboarding.continue')}
          </Button>
        </div>
      </form>
      {stepUpDialog}
    </>
  );
}
