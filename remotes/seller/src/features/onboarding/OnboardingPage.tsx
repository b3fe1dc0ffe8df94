import { maskIban, PayoutPreferenceInput, SELLER_SHIPS_WITHIN_BUSINESS_DAYS, type PayoutMethod, type PayoutPreference } from '@preloved/contract';
import { getPayoutPreference, savePayoutPreference, useToast } from '@preloved/shared';
import { hasSession, type LoaderFunctionArgs, useLocation, useNavigate, usePageData, useReloadOnSignIn } from '@preloved/shared/router';
import { Button, Field, MoneyOutFailure, moneyOutBlock, PageSkeleton, PayoutsFrozenNotice, useFieldForm, useStepUp, type MoneyOutBlock } from '@preloved/ui';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../../components/SellerPage.module.css';
import { formatDateTime, sellerMessage } from '../../lib/format';
import { RESELL_PARAM, resellReference } from '../../lib/resell-link';

export async function onboardingLoader({ request }: LoaderFunctionArgs): Promise<PayoutPreference | null> {
  if (!hasSession()) return null;
  return getPayoutPreference(request.signal);
}

const WIRE_FIELDS = { iban: 'iban' } as const;

/**
 * /user/onboarding — what selling here means (fees, "you receive" and "buyer pays", smart pricing,
 * shipping within 5 business days, payout) and the payout preference; then on to submitting a piece.
 * The first choice into the wallet is one step; any other choice or change asks the owner to confirm
 * it is them when the API wants a fresh proof (issue 41), and a new IBAN's transfers wait 48 hours.
 */
export function OnboardingPage() {
  const preference = usePageData<PayoutPreference | null>();
  const { t } = useTranslation('seller');
  const titleId = useId();
  useReloadOnSignIn(Boolean(preference));
  useEffect(() => {
    document.title = `${t('onboarding.title')} — Preloved`;
  }, [t]);
  if (!preference) return <PageSkeleton label={t('onboarding.title')} />;
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {t('onboarding.title')}
      </h2>
      <p className={styles.intro}>{t('onboarding.intro')}</p>
      <h3 className={styles.sectionTitle}>{t('onboarding.stepsTitle')}</h3>
      <ul className={styles.steps}>
        <li>{t('onboarding.fees')}</li>
        <li>{t('onboarding.receive')}</li>
        <li>{t('onboarding.smartPricing')}</li>
        <li>{t('onboarding.shipping', { days: SELLER_SHIPS_WITHIN_BUSINESS_DAYS })}</li>
        <li>{t('onboarding.payout')}</li>
      </ul>
      <PayoutForm preference={preference} />
    </section>
  );
}

function PayoutForm({ preference }: { preference: PayoutPreference }) {
  const { t, i18n } = useTranslation('seller');
  const toast = useToast();
  const navigate = useNavigate();
  const { withStepUp, stepUpDialog } = useStepUp();
  const [block, setBlock] = useState<MoneyOutBlock | null>(null);
  // Come from "Resell this" (issue 29): on to that piece once the payout is chosen.
  const resell = resellReference(new URLSearchParams(useLocation().search).get(RESELL_PARAM));
  const [method, setMethod] = useState<PayoutMethod>(preference.method);
  // A saved IBAN is shown masked, never put in the field (issue 26): the field is for a new one, and
  // left empty it keeps the saved one.
  const form = useFieldForm({ iban: '' }, { message: sellerMessage });
  const legendId = useId();
  const ibanToSend = form.values.iban.trim() === '' && preference.iban ? preference.iban : form.values.iban;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.busy) return;
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

  return (
    <>
      {preference.frozen || block === 'payouts_frozen' ? <PayoutsFrozenNotice /> : null}
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <fieldset className={styles.section} aria-labelledby={legendId}>
          <legend id={legendId} className={styles.sectionTitle}>
            {t('onboarding.payoutTitle')}
          </legend>
          {(['wallet', 'bank_transfer'] as const).map((value) => (
            <label key={value} className={styles.choice}>
              <input type="radio" name="payout-method" value={value} checked={method === value} onChange={() => setMethod(value)} />
              <span>
                {t(value === 'wallet' ? 'onboarding.wallet' : 'onboarding.bank')}
                <span className={styles.hint}>{t(value === 'wallet' ? 'onboarding.walletHint' : 'onboarding.bankHint')}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <Field
          {...form.field('iban')}
          label={preference.iban ? t('onboarding.newIban') : t('onboarding.iban')}
          hint={preference.iban ? t('onboarding.savedIbanHint', { iban: maskIban(preference.iban) }) : t('onboarding.ibanHint')}
          name="iban"
          autoComplete="off"
          maxLength={42}
        />
        <MoneyOutFailure failure={form.failure} block={block} />
        <div>
          <Button type="submit" busy={form.busy} disabled={form.busy}>
            {t('onboarding.continue')}
          </Button>
        </div>
      </form>
      {stepUpDialog}
    </>
  );
}
