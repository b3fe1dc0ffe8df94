import { TRADE_IN_MESSAGES, TRADE_IN_STATES, TradeInPolicy, type TradeInQueue, type TradeInRule, type TradeInSettings, type TradeInStaffEntry, type TradeInState } from '@preloved/contract';
import { i18n as store, messageFor, refusalText, useToast } from '@preloved/shared';
import { useSearchParams } from '@preloved/shared/router';
import { Button, Field, FormFailure } from '@preloved/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleApi, downloadUrl, useConsoleData } from '../../lib/console-api';
import { ConsolePage, Loaded } from '../../lib/ConsolePage';
import { DecisionForm } from '../../lib/DecisionForm';
import { formatMoment, formatMoney } from '../../lib/format';
import { useStaff } from '../../lib/session';
import { StateTabs } from '../../lib/StateTabs';
import styles from '../../lib/console.module.css';

// The trade-in refusals' English (their Portuguese is in the shared catalogue), as TEAM_MESSAGES is added.
store.addResourceBundle('en', 'common', { validation: TRADE_IN_MESSAGES }, true, false);

const isState = (value: string | null): value is TradeInState => (TRADE_IN_STATES as readonly string[]).includes(value ?? '');

/**
 * /backoffice/trade-ins (issue 48): the hub's bench for trade-ins — the parcels on their way, marking
 * one received, the check (confirm and pay, re-price with a reason, send back) — and the price table.
 * Support and admins act; finance reads; only an admin changes the table.
 */
export function TradeInsPage() {
  const { t } = useTranslation('backoffice');
  const [params] = useSearchParams();
  const state = isState(params.get('state')) ? (params.get('state') as TradeInState) : 'sent';
  const queue = useConsoleData<TradeInQueue>('trade-ins', { state });
  const { member } = useStaff();
  const bench = member.role === 'support' || member.role === 'admin';
  return (
    <ConsolePage title={t('trade-ins.title')} intro={t('trade-ins.intro')}>
      <StateTabs label={t('trade-ins.stateTabs')} param="state" current={state} options={TRADE_IN_STATES.map((value) => [value, t(`trade-ins.states.${value}`)])} />
      <Loaded result={queue}>
        {(data) =>
          data.trade_ins.length === 0 ? (
            <p className={styles.muted}>{t('trade-ins.none')}</p>
          ) : (
            <ul className={styles.list} aria-label={t(`trade-ins.states.${state}`)}>
              {data.trade_ins.map((entry) => (
                <TradeInCard key={entry.id} entry={entry} bench={bench} onChanged={queue.reload} />
              ))}
            </ul>
          )
        }
      </Loaded>
      <PriceTable editable={member.role === 'admin'} />
    </ConsolePage>
  );
}

function TradeInCard({ entry, bench, onChanged }: { entry: TradeInStaffEntry; bench: boolean; onChanged: () => void }) {
  const { t, i18n } = useTranslation('backoffice');
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [price, setPrice] = useState('');
  const [priceError, setPriceError] = useState<string | null>(null);
  const money = (amount: number) => formatMoney(amount, i18n.language);
  const payout = entry.payout === 'credit' ? t('trade-ins.asCredit', { amount: money(entry.amounts.credit), bonus: money(entry.amounts.bonus) }) : t('trade-ins.asMoney');
  const post = async (path: string, body: unknown = {}) => {
    await consoleApi.post(`trade-ins/${entry.id}/${path}`, body);
    toast.success(t('trade-ins.done'));
    onChanged();
  };
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    try {
      await work();
    } catch (error) {
      setFailure(await refusalText(error));
    } finally {
      setBusy(false);
    }
  };
  const priceValue = () => Number(price.trim().replace(',', '.'));
  return (
    <li className={styles.card} aria-labelledby={`trade-in-${entry.id}`}>
      <h2 id={`trade-in-${entry.id}`} className={styles.subtitle}>
        {entry.number}
      </h2>
      <p>{t('trade-ins.piece', { title: entry.title, colour: entry.colour, size: entry.size, condition: entry.condition, code: entry.product_code })}</p>
      <p className={styles.muted}>{t('trade-ins.customer', { name: entry.customer.name, email: entry.customer.email })}</p>
      <p>{t('trade-ins.price', { amount: money(entry.price), payout })}</p>
      {entry.offered !== entry.price ? <p className={styles.muted}>{t('trade-ins.offered', { amount: money(entry.offered) })}</p> : null}
      <p className={styles.muted}>{t('trade-ins.tracking', { tracking: entry.return_tracking ?? entry.tracking })}</p>
      {entry.reprice_reason ? <p>{t('trade-ins.reason', { reason: entry.reprice_reason })}</p> : null}
      {entry.answer_by ? <p className={styles.muted}>{t('trade-ins.answerBy', { date: formatMoment(entry.answer_by, i18n.language) })}</p> : null}
      {entry.credited !== null ? (
        <p>
          {t('trade-ins.paid', { amount: money(entry.credited) })}
          {entry.code ? ` · ${t('trade-ins.code', { code: entry.code })}` : ''}
          {entry.listing_id ? ` · ${t('trade-ins.listing', { id: entry.listing_id })}` : ''}
        </p>
      ) : null}
      {bench && entry.state === 'sent' ? (
        <div>
          <Button busy={busy} disabled={busy} onClick={() => void run(() => post('received'))}>
            {t('trade-ins.received')}
          </Button>
        </div>
      ) : null}
      {bench && entry.state === 'at_hub' ? (
        <>
          <div>
            <Button busy={busy} disabled={busy} onClick={() => void run(() => post('decision', { decision: 'confirm' }))}>
              {t('trade-ins.confirm', { amount: entry.payout === 'credit' ? money(entry.amounts.credit) : money(entry.amounts.money) })}
            </Button>
          </div>
          <DecisionForm<'reprice' | 'return'>
            legend={t('trade-ins.decision')}
            choices={[
              ['reprice', t('trade-ins.reprice')],
              ['return', t('trade-ins.sendBack')],
            ]}
            reasonLabel={t('trade-ins.reasonLabel')}
            submitLabel={t('trade-ins.decide')}
            precheck={(choice) => {
              const ok = choice !== 'reprice' || (Number.isFinite(priceValue()) && priceValue() >= 1 && priceValue() <= 5000);
              setPriceError(ok ? null : messageFor('trade_in_price', 'backoffice'));
              return ok;
            }}
            onSubmit={(choice, reason) => post('decision', choice === 'reprice' ? { decision: 'reprice', price: priceValue(), reason } : { decision: 'return', reason })}
          >
            {(choice) =>
              choice === 'reprice' ? (
                <Field label={t('trade-ins.newPrice')} hint={t('trade-ins.newPriceHint')} value={price} onChange={setPrice} error={priceError} inputMode="decimal" maxLength={8} />
              ) : null
            }
          </DecisionForm>
        </>
      ) : null}
      {bench && entry.state === 'returned' ? (
        <p>
          <a href={downloadUrl(`trade-ins/${entry.id}/label`, { kind: 'return' })}>{t('trade-ins.returnLabel')}</a>
        </p>
      ) : null}
      <FormFailure>{failure}</FormFailure>
    </li>
  );
}

/** A row as the form holds it: the numbers as typed. */
interface RowDraft {
  category_id: number | null;
  product_id: number | null;
  accepted: boolean;
  percent: string;
  amount: string;
}
const draftOf = (rule: TradeInRule): RowDraft => ({
  category_id: rule.category_id,
  product_id: rule.product_id,
  accepted: rule.accepted,
  percent: rule.percent === null ? '' : String(rule.percent),
  amount: rule.amount === null ? '' : String(rule.amount),
});
const numberOf = (text: string) => (text.trim() === '' ? null : Number(text.trim().replace(',', '.')));

function PriceTable({ editable }: { editable: boolean }) {
  const { t } = useTranslation('backoffice');
  const result = useConsoleData<TradeInSettings>('trade-ins/settings');
  return (
    <section aria-labelledby="trade-in-prices">
      <h2 id="trade-in-prices" className={styles.subtitle}>
        {t('trade-ins.pricesTitle')}
      </h2>
      <p className={styles.muted}>{t('trade-ins.pricesIntro')}</p>
      <Loaded result={result}>{(settings) => <PriceForm key={JSON.stringify(settings.policy)} settings={settings} editable={editable} onSaved={result.reload} />}</Loaded>
    </section>
  );
}

function PriceForm({ settings, editable, onSaved }: { settings: TradeInSettings; editable: boolean; onSaved: () => void }) {
  const { t, i18n } = useTranslation('backoffice');
  const toast = useToast();
  const money = (amount: number) => formatMoney(amount, i18n.language);
  const { policy } = settings;
  // Every category has a row in the form (not taken in unless the table says so); products only theirs.
  const [rows, setRows] = useState<RowDraft[]>(() => [
    ...settings.categories.map((category) => {
      const rule = policy.rules.find((candidate) => candidate.category_id === category.id);
      return rule ? draftOf(rule) : { category_id: category.id, product_id: null, accepted: false, percent: '', amount: '' };
    }),
    ...policy.rules.filter((rule) => rule.product_id !== null).map(draftOf),
  ]);
  const [numbers, setNumbers] = useState<Record<string, string>>(() => ({
    ...Object.fromEntries(policy.conditions.map((condition) => [`condition-${condition.condition_id}`, String(condition.percent)])),
    age_percent_per_year: String(policy.age_percent_per_year),
    age_floor_percent: String(policy.age_floor_percent),
    demand_high_percent: String(policy.demand_high_percent),
    demand_low_percent: String(policy.demand_low_percent),
    bonus_percent: String(policy.bonus_percent),
    max_open: String(policy.max_open),
    monthly_cap: String(policy.monthly_cap),
    answer_days: String(policy.answer_days),
  }));
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const nameOf = (row: RowDraft) => {
    if (row.product_id !== null) return settings.products.find((product) => product.id === row.product_id)?.title ?? `#${row.product_id}`;
    const category = settings.categories.find((candidate) => candidate.id === row.category_id);
    return store.exists(`trade-ins.categories.${row.category_id}`, { ns: 'backoffice' }) ? t(`trade-ins.categories.${row.category_id}`) : (category?.name ?? '');
  };
  const change = (index: number, next: Partial<RowDraft>) => setRows((list) => list.map((row, at) => (at === index ? { ...row, ...next } : row)));
  const number = (name: string, label: string) => (
    <Field label={label} value={numbers[name] ?? ''} onChange={(value) => setNumbers((current) => ({ ...current, [name]: value }))} inputMode="decimal" maxLength={8} readOnly={!editable} />
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = {
      rules: rows.map((row) => ({
        category_id: row.category_id,
        product_id: row.product_id,
        accepted: row.accepted,
        percent: row.accepted ? numberOf(row.percent) : null,
        amount: row.accepted ? numberOf(row.amount) : null,
      })),
      conditions: [1, 2, 3, 4, 5].map((id) => ({ condition_id: id, percent: numberOf(numbers[`condition-${id}`] ?? '') })),
      age_percent_per_year: numberOf(numbers.age_percent_per_year ?? ''),
      age_floor_percent: numberOf(numbers.age_floor_percent ?? ''),
      demand_high_percent: numberOf(numbers.demand_high_percent ?? ''),
      demand_low_percent: numberOf(numbers.demand_low_percent ?? ''),
      bonus_percent: numberOf(numbers.bonus_percent ?? ''),
      max_open: numberOf(numbers.max_open ?? ''),
      monthly_cap: numberOf(numbers.monthly_cap ?? ''),
      answer_days: numberOf(numbers.answer_days ?? ''),
    };
    const parsed = TradeInPolicy.safeParse(next);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const row = issue.path[0] === 'rules' ? rows[Number(issue.path[1])] : undefined;
      setFailure(`${row ? `${nameOf(row)}: ` : ''}${messageFor(issue.message.startsWith('trade_in') || issue.message.startsWith('credit_bonus') ? issue.message : 'trade_in_setting', 'backoffice')}`);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await consoleApi.put('trade-ins/settings', parsed.data);
      toast.success(t('trade-ins.saved'));
      onSaved();
    } catch (error) {
      setFailure(await refusalText(error));
    } finally {
      setBusy(false);
    }
  };

  const unused = settings.products.filter((product) => !rows.some((row) => row.product_id === product.id));
  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <p>{t('trade-ins.cost', { money: money(settings.cost.money), credit: money(settings.cost.credit), bonus: money(settings.cost.bonus), count: settings.cost.trade_ins })}</p>
      {editable ? null : <p className={styles.muted}>{t('trade-ins.adminOnly')}</p>}
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('trade-ins.target')}</th>
              <th scope="col">{t('trade-ins.accepted')}</th>
              <th scope="col">{t('trade-ins.percent')}</th>
              <th scope="col">{t('trade-ins.amount')}</th>
              {editable ? <th scope="col" /> : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={row.product_id !== null ? `p${row.product_id}` : `c${row.category_id}`}>
                <th scope="row">{nameOf(row)}</th>
                <td>
                  <input type="checkbox" aria-label={t('trade-ins.acceptedFor', { name: nameOf(row) })} checked={row.accepted} disabled={!editable} onChange={(event) => change(index, { accepted: event.target.checked })} />
                </td>
                <td>
                  <Field className={styles.compactField} label={t('trade-ins.percentFor', { name: nameOf(row) })} value={row.percent} onChange={(value) => change(index, { percent: value })} inputMode="numeric" maxLength={3} readOnly={!editable} />
                </td>
                <td>
                  <Field className={styles.compactField} label={t('trade-ins.amountFor', { name: nameOf(row) })} value={row.amount} onChange={(value) => change(index, { amount: value })} inputMode="decimal" maxLength={8} readOnly={!editable} />
                </td>
                {editable ? (
                  <td>
                    {row.product_id !== null ? (
                      <Button variant="ghost" onClick={() => setRows((list) => list.filter((_, at) => at !== index))}>
                        {t('trade-ins.remove', { name: nameOf(row) })}
                      </Button>
                    ) : null}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {editable && unused.length ? (
        <label className={styles.filter}>
          <span>{t('trade-ins.addProduct')}</span>
          <select
            value=""
            onChange={(event) => {
              const id = Number(event.target.value);
              if (id) setRows((list) => [...list, { category_id: null, product_id: id, accepted: true, percent: '', amount: '' }]);
            }}
          >
            <option value="">{t('trade-ins.chooseProduct')}</option>
            {unused.map((product) => (
              <option key={product.id} value={product.id}>
                {product.title}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <fieldset className={styles.choices}>
        <legend>{t('trade-ins.conditions')}</legend>
        <div className={styles.row}>{[1, 2, 3, 4, 5].map((id) => <div key={id}>{number(`condition-${id}`, t('trade-ins.condition', { id }))}</div>)}</div>
      </fieldset>
      <fieldset className={styles.choices}>
        <legend>{t('trade-ins.adjustments')}</legend>
        <div className={styles.row}>
          {number('age_percent_per_year', t('trade-ins.agePerYear'))}
          {number('age_floor_percent', t('trade-ins.ageFloor'))}
        </div>
        <div className={styles.row}>
          {number('demand_high_percent', t('trade-ins.demandHigh'))}
          {number('demand_low_percent', t('trade-ins.demandLow'))}
        </div>
        <p className={styles.muted}>{t('trade-ins.demandHint')}</p>
        <div className={styles.row}>
          {number('bonus_percent', t('trade-ins.bonus'))}
          {number('max_open', t('trade-ins.maxOpen'))}
          {number('monthly_cap', t('trade-ins.monthlyCap'))}
          {number('answer_days', t('trade-ins.answerDays'))}
        </div>
      </fieldset>
      <FormFailure>{failure}</FormFailure>
      {editable ? (
        <div>
          <Button type="submit" busy={busy} disabled={busy}>
            {t('trade-ins.save')}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
