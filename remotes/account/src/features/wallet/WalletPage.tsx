import { formatMoney, Iban, maskIban, type PayoutPreference, type Wallet, type WalletEntry } from '@preloved/contract';
import {
  AppLink,
  createDiscountCode,
  fieldsByName,
  getPayoutPreference,
  getWallet,
  readRefusal,
  savePayoutPreference,
  transferCredit,
  useToast,
} from '@preloved/shared';
import { hasSession, type LoaderFunctionArgs, usePageData, useReloadOnSignIn } from '@preloved/shared/router';
import {
  Button,
  EmptyState,
  Field,
  MoneyOutFailure,
  moneyOutBlock,
  PageSkeleton,
  Pagination,
  PayoutsFrozenNotice,
  TaxDataNotice,
  useFieldForm,
  useStepUp,
  type MoneyOutBlock,
} from '@preloved/ui';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../../components/AccountPage.module.css';
import { formatDate, formatDateTime } from '../../lib/format';
import { accountMessage } from '../../lib/messages';
import { checkAmount } from './amount';
import css from './WalletPage.module.css';

/** Activity rows a page shows (the API's default too). */
export const WALLET_ROWS_PER_PAGE = 20;

export type WalletData = { wallet: Wallet; payout: PayoutPreference; page: number };

export async function walletLoader({ request }: LoaderFunctionArgs): Promise<WalletData | null> {
  if (!hasSession()) return null;
  const asked = Number(new URL(request.url).searchParams.get('page'));
  const page = Number.isInteger(asked) && asked >= 1 && asked <= 500 ? asked : 1;
  const [wallet, payout] = await Promise.all([getWallet(page, request.signal), getPayoutPreference(request.signal)]);
  return { wallet, payout, page };
}

/**
 * /user/wallet (spec §2, §3, §9): the total credit, what is pending and available, the activity
 * (type, amount, date, code, status), a bank transfer of available credit to the saved IBAN (the
 * configured percentage, the rest a fee row) and a discount code for the main store worth 100 %.
 * The amount bounds are the API's, read with the wallet. Money out goes through
 * useStepUp: a transfer, a code or an IBAN change asks the owner to confirm it is them when the API
 * wants a fresh proof, then goes on; frozen payouts and an unproven e-mail say what to do first.
 */
export function WalletPage() {
  const data = usePageData<WalletData | null>();
  const { t, i18n } = useTranslation('account');
  const titleId = useId();
  const [wallet, setWallet] = useState(data?.wallet ?? null);
  const [newCode, setNewCode] = useState<{ code: string; amount: number } | null>(null);
  const [frozen, setFrozen] = useState(data?.payout.frozen ?? false);
  useReloadOnSignIn(Boolean(data));
  useEffect(() => setWallet(data?.wallet ?? null), [data]);
  useEffect(() => setFrozen(data?.payout.frozen ?? false), [data]);
  const onBlocked = (block: MoneyOutBlock | null) => {
    if (block === 'payouts_frozen') setFrozen(true);
  };
  useEffect(() => {
    document.title = `${t('wallet.title')} — Preloved`;
  }, [t]);

  if (!data || !wallet) return <PageSkeleton label={t('wallet.title')} />;
  const money = (amount: number) => formatMoney(amount, i18n.language, { currency: wallet.currency_symb_code });
  const pages = Math.max(1, Math.ceil(wallet.count / WALLET_ROWS_PER_PAGE));

  return (
    <section className={css.page} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {t('wallet.title')}
      </h2>
      <dl className={css.summary}>
        <div className={css.total}>
          <dt>{t('wallet.totalCredit')}</dt>
          <dd>{money(wallet.total_credit)}</dd>
        </div>
        <div>
          <dt>{t('wallet.pending')}</dt>
          <dd>{money(wallet.pending)}</dd>
        </div>
        <div>
          <dt>{t('wallet.available')}</dt>
          <dd>{money(wallet.available)}</dd>
        </div>
      </dl>
      <p className={css.note}>{t('wallet.pendingNote')}</p>
      {/* A sale taken back after it was paid out (a lost chargeback): the wallet owes it. */}
      {wallet.available < 0 ? (
        <p className={css.note} role="status">
          {t('wallet.owed', { amount: money(-wallet.available) })}
        </p>
      ) : null}
      {frozen ? <PayoutsFrozenNotice /> : null}
      <TaxDataNotice />

      <div className={css.actions}>
        <TransferSection wallet={wallet} payout={data.payout} money={money} onDone={setWallet} onBlocked={onBlocked} />
        <CodeSection
          wallet={wallet}
          money={money}
          onBlocked={onBlocked}
          onDone={(result) => {
            setWallet(result.wallet);
            setNewCode(result.code);
          }}
          newCode={newCode}
        />
      </div>

      <section className={css.activity} aria-labelledby={`${titleId}-activity`}>
        <h3 id={`${titleId}-activity`} className={css.heading}>
          {t('wallet.activity')}
        </h3>
        {wallet.activity.length === 0 ? (
          <EmptyState title={t('wallet.empty')}>
            <p>{t('wallet.emptyText')}</p>
          </EmptyState>
        ) : (
          <>
            <ul className={css.rows}>
              {wallet.activity.map((entry) => (
                <li key={entry.id}>
                  <ActivityRow entry={entry} money={money} />
                </li>
              ))}
            </ul>
            {pages > 1 ? <Pagination page={data.page} pages={pages} /> : null}
          </>
        )}
      </section>
    </section>
  );
}

/** A row's state: a Stripe transfer's as Stripe reports it, the others' by the wallet's words. */
function statusText(entry: WalletEntry, t: (key: string) => string): string {
  if (entry.type === 'connect_transfer') return t(`wallet.stripeTransfer.${entry.status}`);
  if (entry.type === 'connect_reversal') return t(`wallet.stripeReturn.${entry.status}`);
  return t(`wallet.statuses.${entry.status}`);
}

function ActivityRow({ entry, money }: { entry: WalletEntry; money: (amount: number) => string }) {
  const { t, i18n } = useTranslation('account');
  return (
    <article className={css.row} aria-label={`${t(`wallet.types.${entry.type}`)} ${money(entry.amount)}`}>
      <span className={css.type}>{t(`wallet.types.${entry.type}`)}</span>
      <span className={`${css.amount} ${entry.amount < 0 ? css.out : css.in}`}>{money(entry.amount)}</span>
      <span className={css.date}>{formatDate(entry.date, i18n.language)}</span>
      <span className={css.code}>{entry.code ?? ''}</span>
      <span className={`${css.status} ${css[entry.status] ?? ''}`}>
        {statusText(entry, t)}
        {entry.available_from
          ? ` · ${t('wallet.availableFrom', { date: formatDate(entry.available_from, i18n.language) })}`
          : entry.status === 'pending' && entry.type === 'listing_sale_deposit'
            ? ` · ${t('wallet.afterDelivery')}`
            : ''}
      </span>
    </article>
  );
}

function TransferSection({
  wallet,
  payout,
  money,
  onDone,
  onBlocked,
}: {
  wallet: Wallet;
  payout: PayoutPreference;
  money: (amount: number) => string;
  onDone: (wallet: Wallet) => void;
  onBlocked: (block: MoneyOutBlock | null) => void;
}) {
  const { t, i18n } = useTranslation('account');
  const toast = useToast();
  const headingId = useId();
  const [iban, setIban] = useState(wallet.iban);
  // A new IBAN (the first one too) receives no transfer before this moment.
  const [heldUntil, setHeldUntil] = useState(payout.iban_hold_until);
  const [changing, setChanging] = useState(false);
  const [block, setBlock] = useState<MoneyOutBlock | null>(null);
  const { withStepUp, stepUpDialog } = useStepUp();
  const form = useFieldForm({ amount: '' }, { message: accountMessage });
  const held = typeof heldUntil === 'string' && new Date(heldUntil).getTime() > Date.now();
  const saved = (preference: PayoutPreference) => {
    setIban(preference.iban);
    setHeldUntil(preference.iban_hold_until);
    setChanging(false);
  };
  const bounds = wallet.bounds.bank_transfer;
  const check = checkAmount(form.values.amount, bounds, wallet.available);
  const paid = 'amount' in check ? Math.round(check.amount * wallet.bank_transfer_percent) / 100 : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.busy) return;
    if (!form.check({ amount: 'key' in check ? check.key : null }) || !('amount' in check)) return;
    form.setBusy(true);
    setBlock(null);
    try {
      const next = await withStepUp(() => transferCredit(check.amount));
      if (!next) return;
      onDone(next);
      form.setValues({ amount: '' });
      toast.success(t('wallet.transferDone', { amount: money(paid ?? 0) }));
    } catch (error) {
      setBlock(moneyOutBlock(error));
      onBlocked(moneyOutBlock(error));
      const refusal = await readRefusal(error);
      // A new IBAN's 48-hour hold: the API's sentence says until when; the IBAN stays.
      const held = refusal.fields.iban === 'iban_on_hold';
      if (refusal.fields.iban && !held) setIban(null);
      form.refuse(fieldsByName(refusal.fields, { amount: 'amount' } as const), refusal.fields.iban && !held ? accountMessage(refusal.fields.iban) : refusal.text);
    } finally {
      form.setBusy(false);
    }
  };

  // Paid through Stripe: each sale goes to the seller's Stripe account once it is available,
  // so there is no transfer to ask for here (the API refuses one with bank_transfer_by_stripe).
  if (payout.method === 'stripe_connect') {
    return (
      <section className={css.card} aria-labelledby={headingId}>
        <h3 id={headingId} className={css.heading}>
          {t('wallet.transferTitle')}
        </h3>
        <p className={css.note}>{t('wallet.paidByStripe')}</p>
        <AppLink to="/user/onboarding">{t('wallet.paidByStripeManage')}</AppLink>
      </section>
    );
  }

  return (
    <section className={css.card} aria-labelledby={headingId}>
      <h3 id={headingId} className={css.heading}>
        {t('wallet.transferTitle')}
      </h3>
      {iban && changing ? (
        <IbanForm payout={payout} current={iban} onSaved={saved} onCancel={() => setChanging(false)} onBlocked={onBlocked} />
      ) : iban ? (
        <form onSubmit={(event) => void submit(event)} noValidate className={css.form} aria-label={t('wallet.transferTitle')}>
          <p className={css.note}>{t('wallet.transferTo', { iban: maskIban(iban), percent: wallet.bank_transfer_percent })}</p>
          {held ? <p className={css.note}>{t('wallet.ibanHeld', { date: formatDateTime(heldUntil, i18n.language) })}</p> : null}
          <div>
            <Button type="button" variant="secondary" onClick={() => setChanging(true)}>
              {t('wallet.changeIban')}
            </Button>
          </div>
          <Field
            {...form.field('amount')}
            label={t('wallet.amount')}
            name="transfer-amount"
            inputMode="decimal"
            autoComplete="off"
            maxLength={12}
            hint={
              paid !== null
                ? t('wallet.youReceive', { amount: money(paid) })
                : t('wallet.between', { min: money(bounds.min), max: money(bounds.max) })
            }
          />
          <MoneyOutFailure failure={form.failure} block={block} />
          <div>
            <Button type="submit" busy={form.busy} disabled={form.busy}>
              {t('wallet.transfer')}
            </Button>
          </div>
        </form>
      ) : (
        <IbanForm payout={payout} onSaved={saved} onBlocked={onBlocked} />
      )}
      {stepUpDialog}
    </section>
  );
}

/**
 * No IBAN saved: the spec's IBAN message, and a way to add one (PUT /api/customers/payout). With
 * `current`, it changes the saved one. Either asks the owner to confirm it is them (step-up) when the
 * API wants it; the new IBAN receives transfers 48 hours later, and the owner is mailed.
 */
function IbanForm({
  payout,
  current,
  onSaved,
  onCancel,
  onBlocked,
}: {
  payout: PayoutPreference;
  current?: string;
  onSaved: (preference: PayoutPreference) => void;
  onCancel?: () => void;
  onBlocked: (block: MoneyOutBlock | null) => void;
}) {
  const { t } = useTranslation('account');
  const toast = useToast();
  const form = useFieldForm({ iban: '' }, { message: accountMessage });
  const [block, setBlock] = useState<MoneyOutBlock | null>(null);
  const { withStepUp, stepUpDialog } = useStepUp();
  const changing = current !== undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.busy) return;
    const parsed = Iban.safeParse(form.values.iban);
    if (!form.check({ iban: parsed.success ? null : (parsed.error.issues[0]?.message ?? 'invalid_iban') })) return;
    form.setBusy(true);
    setBlock(null);
    try {
      const saved = await withStepUp(() => savePayoutPreference({ method: payout.onboarded && payout.method === 'bank_transfer' ? 'bank_transfer' : 'wallet', iban: form.values.iban }));
      if (saved?.iban) {
        if (changing) toast.success(t('wallet.ibanChanged'));
        onSaved(saved);
      }
    } catch (error) {
      setBlock(moneyOutBlock(error));
      onBlocked(moneyOutBlock(error));
      await form.refuseFailure(error, { iban: 'iban' } as const);
    } finally {
      form.setBusy(false);
    }
  };

  return (
    <>
      <form onSubmit={(event) => void submit(event)} noValidate className={css.form} aria-label={changing ? t('wallet.changeIban') : t('wallet.addIban')}>
        <p className={css.note}>{changing ? t('wallet.changeIbanNote', { iban: maskIban(current) }) : t('wallet.noIban')}</p>
        <Field {...form.field('iban')} label={changing ? t('wallet.newIban') : t('wallet.iban')} name="iban" autoComplete="off" maxLength={42} />
        <MoneyOutFailure failure={form.failure} block={block} />
        <div>
          <Button type="submit" variant="secondary" busy={form.busy} disabled={form.busy}>
            {changing ? t('wallet.saveNewIban') : t('wallet.addIban')}
          </Button>
          {onCancel && (
            <Button type="button" variant="secondary" onClick={onCancel}>
              {t('wallet.cancel')}
            </Button>
          )}
        </div>
      </form>
      {stepUpDialog}
    </>
  );
}

function CodeSection({
  wallet,
  money,
  onDone,
  onBlocked,
  newCode,
}: {
  wallet: Wallet;
  money: (amount: number) => string;
  onDone: (result: { wallet: Wallet; code: { code: string; amount: number } }) => void;
  onBlocked: (block: MoneyOutBlock | null) => void;
  newCode: { code: string; amount: number } | null;
}) {
  const { t } = useTranslation('account');
  const headingId = useId();
  const form = useFieldForm({ amount: '' }, { message: accountMessage });
  const [block, setBlock] = useState<MoneyOutBlock | null>(null);
  const { withStepUp, stepUpDialog } = useStepUp();
  const bounds = wallet.bounds.discount_code;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.busy) return;
    const check = checkAmount(form.values.amount, bounds, wallet.available);
    if (!form.check({ amount: 'key' in check ? check.key : null }) || !('amount' in check)) return;
    form.setBusy(true);
    setBlock(null);
    try {
      const result = await withStepUp(() => createDiscountCode(check.amount));
      if (!result) return;
      onDone({ wallet: result.wallet, code: result.discount_code });
      form.setValues({ amount: '' });
    } catch (error) {
      setBlock(moneyOutBlock(error));
      onBlocked(moneyOutBlock(error));
      await form.refuseFailure(error, { amount: 'amount' } as const);
    } finally {
      form.setBusy(false);
    }
  };

  return (
    <section className={css.card} aria-labelledby={headingId}>
      <h3 id={headingId} className={css.heading}>
        {t('wallet.codeTitle')}
      </h3>
      <form onSubmit={(event) => void submit(event)} noValidate className={css.form} aria-label={t('wallet.codeTitle')}>
        <p className={css.note}>{t('wallet.codeText')}</p>
        {wallet.code_bonus ? (
          <p className={css.note}>
            {wallet.code_bonus.remaining > 0
              ? t('wallet.codeBonus', { percent: wallet.code_bonus.percent, remaining: money(wallet.code_bonus.remaining) })
              : t('wallet.codeBonusUsed', { percent: wallet.code_bonus.percent })}
          </p>
        ) : null}
        <Field
          {...form.field('amount')}
          label={t('wallet.amount')}
          name="code-amount"
          inputMode="decimal"
          autoComplete="off"
          maxLength={12}
          hint={t('wallet.between', { min: money(bounds.min), max: money(bounds.max) })}
        />
        <MoneyOutFailure failure={form.failure} block={block} />
        <div>
          <Button type="submit" busy={form.busy} disabled={form.busy}>
            {t('wallet.createCode')}
          </Button>
        </div>
      </form>
      <div role="status" className={css.newCode}>
        {newCode ? (
          <>
            <span>{t('wallet.codeCreated', { amount: money(newCode.amount) })}</span>
            <strong className={css.codeValue}>{newCode.code}</strong>
            <span className={`${css.status} ${css.active}`}>{t('wallet.statuses.active')}</span>
          </>
        ) : null}
      </div>
      {stepUpDialog}
    </section>
  );
}
