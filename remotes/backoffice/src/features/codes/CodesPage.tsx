import { DiscountCodeCreate, type DiscountCodeEntry, type DiscountCodeList, type DiscountRedemptions } from '@preloved/contract';
import { describeError, messageFor, useToast } from '@preloved/shared';
import { Button, ConfirmDialog, EmptyState, Field, FormFailure, SelectField, useFieldForm } from '@preloved/ui';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleApi, useConsoleData } from '../../lib/console-api';
import { ConsolePage, Loaded } from '../../lib/ConsolePage';
import { fieldProblems } from '../../lib/field-problems';
import { formatMoment, formatMoney } from '../../lib/format';
import styles from '../../lib/console.module.css';

type Action = 'pause' | 'resume' | 'end';
/** What each state of a code lets an admin do. */
const ACTIONS: Record<DiscountCodeEntry['state'], Action[]> = { scheduled: ['pause', 'end'], live: ['pause', 'end'], paused: ['resume', 'end'], ended: [], used_up: ['end'] };

const FIELDS = ['code', 'kind', 'value', 'starts', 'ends', 'maxUses', 'maxPerShopper', 'minOrder', 'maxDiscount'] as const;
type Name = (typeof FIELDS)[number];
/** The API's field names → the form's. */
const WIRE: Record<string, Name> = {
  code: 'code',
  percent_off: 'value',
  amount_off: 'value',
  starts_at: 'starts',
  ends_at: 'ends',
  max_uses: 'maxUses',
  max_uses_per_shopper: 'maxPerShopper',
  min_order: 'minOrder',
  max_discount: 'maxDiscount',
};

/** A number typed in a field ('12,50' too), null when left empty, NaN when not a number. */
const numberOf = (text: string) => (text.trim() === '' ? null : Number(text.trim().replace(',', '.')));
/**
 * A datetime-local value ('2026-12-01T09:30', the member's own clock) as an ISO moment with that clock's
 * offset ('2026-12-01T09:30:00+00:00'), null when empty; a value that is no moment is kept for the contract to refuse.
 */
export function momentOf(text: string): string | null {
  if (!text.trim()) return null;
  const moment = new Date(text);
  if (Number.isNaN(moment.getTime())) return text;
  const pad = (value: number) => String(Math.abs(value)).padStart(2, '0');
  const offset = -moment.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  const date = `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`;
  const time = `${pad(moment.getHours())}:${pad(moment.getMinutes())}:${pad(moment.getSeconds())}`;
  return `${date}T${time}${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

/** The id of a code's "see the redemptions" button, where focus goes back when they are closed. */
const seeId = (code: string) => `see-redemptions-${code}`;

function CreateCodeForm({ onCreated }: { onCreated: () => void }) {
  const { t } = useTranslation('backoffice');
  const toast = useToast();
  const [firstOrderOnly, setFirstOrderOnly] = useState(false);
  const initial = Object.fromEntries(FIELDS.map((name) => [name, name === 'kind' ? 'percent' : ''])) as Record<Name, string>;
  const form = useFieldForm(initial, {
    message: (key) => (key === 'number' ? t('codes.number') : key === 'moment' ? t('codes.moment') : messageFor(key, 'backoffice')),
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { values } = form;
    const value = numberOf(values.value);
    const input = {
      code: values.code,
      percent_off: values.kind === 'percent' ? value : null,
      amount_off: values.kind === 'amount' ? value : null,
      starts_at: momentOf(values.starts),
      ends_at: momentOf(values.ends),
      max_uses: numberOf(values.maxUses),
      max_uses_per_shopper: numberOf(values.maxPerShopper),
      first_order_only: firstOrderOnly,
      min_order: numberOf(values.minOrder),
      max_discount: numberOf(values.maxDiscount),
    };
    const parsed = DiscountCodeCreate.safeParse(input);
    const problems: Partial<Record<Name, string>> = {};
    for (const [wire, key] of Object.entries(fieldProblems(parsed))) {
      const name = WIRE[wire];
      // zod's own words for a wrong number are not the console's: a number field says what it wants.
      if (name) problems[name] ??= key.startsWith('discount_code') ? key : name === 'starts' || name === 'ends' ? 'moment' : 'number';
    }
    // No amount, or not a number: that, not "choose one kind", is what the field lacks.
    if (value === null || Number.isNaN(value)) problems.value = 'number';
    if (!form.check(problems)) return;
    form.setBusy(true);
    try {
      const created = await consoleApi.post<DiscountCodeEntry>('codes', parsed.data);
      toast.success(t('codes.created', { code: created.code }));
      form.setValues(initial);
      setFirstOrderOnly(false);
      form.setBusy(false);
      onCreated();
    } catch (failure) {
      // A taken code is a 409 whose key is no validation key: named here, it is shown next to the code.
      await form.refuseFailure(failure, WIRE, { discount_code_taken: 'code' });
    }
  };
  return (
    <section className={styles.card} aria-labelledby="create-code-title">
      <h2 id="create-code-title" className={styles.subtitle}>
        {t('codes.createTitle')}
      </h2>
      <form className={styles.form} onSubmit={submit} noValidate>
        <Field {...form.field('code')} label={t('codes.code')} maxLength={30} autoComplete="off" />
        <div className={styles.row}>
          <SelectField binding={form.field('kind')} label={t('codes.kind')}>
            <option value="percent">{t('codes.kinds.percent')}</option>
            <option value="amount">{t('codes.kinds.amount')}</option>
          </SelectField>
          <Field {...form.field('value')} label={t('codes.value')} inputMode="decimal" maxLength={9} />
        </div>
        <div className={styles.row}>
          <Field {...form.field('starts')} label={t('codes.starts')} type="datetime-local" />
          <Field {...form.field('ends')} label={t('codes.ends')} type="datetime-local" />
        </div>
        <div className={styles.row}>
          <Field {...form.field('maxUses')} label={t('codes.maxUses')} inputMode="numeric" maxLength={7} />
          <Field {...form.field('maxPerShopper')} label={t('codes.maxPerShopper')} inputMode="numeric" maxLength={4} />
        </div>
        <div className={styles.row}>
          <Field {...form.field('minOrder')} label={t('codes.minOrder')} inputMode="decimal" maxLength={9} />
          <Field {...form.field('maxDiscount')} label={t('codes.maxDiscount')} inputMode="decimal" maxLength={9} />
        </div>
        <label className={styles.choice}>
          <input type="checkbox" checked={firstOrderOnly} onChange={(event) => setFirstOrderOnly(event.target.checked)} />
          {t('codes.firstOrderOnly')}
        </label>
        <FormFailure>{form.failure}</FormFailure>
        <div>
          <Button type="submit" busy={form.busy} disabled={form.busy}>
            {t('codes.create')}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** A code's redemptions: the orders that used it, who, how much, when. */
function Redemptions({ code, onClose }: { code: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('backoffice');
  const result = useConsoleData<DiscountRedemptions>(`codes/${encodeURIComponent(code)}/redemptions`);
  const heading = useRef<HTMLHeadingElement>(null);
  // Opened from a row's button: the reader is taken to the section, once (not at each render).
  useEffect(() => heading.current?.focus(), []);
  return (
    <section id="redemptions" className={styles.card} aria-labelledby="redemptions-title">
      <div className={styles.head}>
        <h2 id="redemptions-title" className={styles.subtitle} tabIndex={-1} ref={heading}>
          {t('codes.redemptionsOf', { code })}
        </h2>
        <Button variant="secondary" onClick={onClose}>
          {t('codes.close')}
        </Button>
      </div>
      <Loaded result={result}>
        {({ redemptions }) =>
          redemptions.length === 0 ? (
            <p className={styles.muted}>{t('codes.noRedemptions')}</p>
          ) : (
            <div className={styles.tableWrap}>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">{t('codes.order')}</th>
                    <th scope="col">{t('codes.shopper')}</th>
                    <th scope="col" className={styles.number}>
                      {t('codes.amount')}
                    </th>
                    <th scope="col">{t('codes.date')}</th>
                  </tr>
                </thead>
                <tbody>
                  {redemptions.map((redemption) => (
                    <tr key={redemption.order_id}>
                      <td>{redemption.number}</td>
                      <td>{redemption.shopper_email}</td>
                      <td className={styles.number}>{formatMoney(redemption.amount, i18n.language)}</td>
                      <td>{formatMoment(redemption.at, i18n.language)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </Loaded>
    </section>
  );
}

/** `/backoffice/codes`: the codes with their rules, state, redemptions and cost; pause, resume, end; create. */
export function CodesPage() {
  const { t, i18n } = useTranslation('backoffice');
  const toast = useToast();
  const codes = useConsoleData<DiscountCodeList>('codes');
  const [open, setOpen] = useState<string | null>(null);
  const [ending, setEnding] = useState<string | null>(null);
  /**
   * The code being paused, resumed or ended: its buttons wait for the answer (not disabled, which would
   * drop the focus; a second click is ignored).
   */
  const [acting, setActing] = useState<{ code: string; action: Action } | null>(null);
  /** The code whose button had the focus when its state changed: the focus is not left on the page's body. */
  const refocus = useRef<string | null>(null);
  const money = (amount: number) => formatMoney(amount, i18n.language);
  const moment = (value: string) => formatMoment(value, i18n.language);
  const act = async (code: string, action: Action) => {
    if (acting) return;
    setActing({ code, action });
    refocus.current = code;
    try {
      await consoleApi.post(`codes/${encodeURIComponent(code)}/${action}`);
      toast.success(t(`codes.acted.${action}`, { code }));
    } catch (failure) {
      toast.error((await describeError(failure)).message);
    }
    setActing(null);
    codes.reload();
  };
  useEffect(() => {
    const code = refocus.current;
    if (!code || codes.loading) return;
    refocus.current = null;
    // An ended code has no button left where the focus was: it goes to the row's first button.
    if (document.activeElement === document.body || document.activeElement === null) document.getElementById(seeId(code))?.focus();
  }, [codes.data, codes.loading]);
  const closeRedemptions = () => {
    const code = open;
    setOpen(null);
    if (code) document.getElementById(seeId(code))?.focus();
  };
  const windowOf = (entry: DiscountCodeEntry) =>
    entry.starts_at && entry.ends_at
      ? t('codes.fromTo', { from: moment(entry.starts_at), to: moment(entry.ends_at) })
      : entry.starts_at
        ? t('codes.from', { from: moment(entry.starts_at) })
        : entry.ends_at
          ? t('codes.until', { to: moment(entry.ends_at) })
          : t('codes.always');
  const rulesOf = (entry: DiscountCodeEntry) =>
    [
      entry.max_uses_per_shopper ? t('codes.perShopper', { count: entry.max_uses_per_shopper }) : null,
      entry.first_order_only ? t('codes.firstOrder') : null,
      entry.min_order ? t('codes.minimum', { amount: money(entry.min_order) }) : null,
      entry.max_discount ? t('codes.ceiling', { amount: money(entry.max_discount) }) : null,
    ]
      .filter(Boolean)
      .join(' · ') || '—';
  return (
    <ConsolePage title={t('codes.title')} intro={t('codes.intro')}>
      <Loaded result={codes}>
        {(list) =>
          list.codes.length === 0 ? (
            <EmptyState title={t('codes.empty')} role="status" />
          ) : (
            <div className={styles.tableWrap}>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">{t('codes.code')}</th>
                    <th scope="col">{t('codes.off')}</th>
                    <th scope="col">{t('codes.window')}</th>
                    <th scope="col">{t('codes.uses')}</th>
                    <th scope="col">{t('codes.rules')}</th>
                    <th scope="col">{t('codes.state')}</th>
                    <th scope="col" className={styles.number}>
                      {t('codes.redemptions')}
                    </th>
                    <th scope="col" className={styles.number}>
                      {t('codes.cost')}
                    </th>
                    <th scope="col">{t('codes.actions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.codes.map((entry) => (
                    <tr key={entry.code}>
                      <th scope="row">
                        <code>{entry.code}</code>
                      </th>
                      <td>{entry.percent_off !== null ? t('codes.percentOff', { percent: entry.percent_off }) : money(entry.amount_off ?? 0)}</td>
                      <td>{windowOf(entry)}</td>
                      <td>{entry.max_uses ? t('codes.usesOf', { uses: entry.uses, max: entry.max_uses }) : entry.uses}</td>
                      <td>{rulesOf(entry)}</td>
                      <td>
                        <span className={`${styles.badge} ${entry.state === 'live' ? styles.good : ''}`}>{t(`codes.states.${entry.state}`)}</span>
                      </td>
                      <td className={styles.number}>{entry.redemptions}</td>
                      <td className={styles.number}>{money(entry.cost)}</td>
                      <td>
                        <div className={styles.actionsCell}>
                          <Button
                            id={seeId(entry.code)}
                            variant="ghost"
                            onClick={() => setOpen(entry.code)}
                            aria-expanded={open === entry.code}
                            aria-controls={open === entry.code ? 'redemptions' : undefined}
                          >
                            <span aria-hidden="true">{t('codes.redemptions')}</span>
                            <span className="visually-hidden">{t('codes.see', { code: entry.code })}</span>
                          </Button>
                          {ACTIONS[entry.state].map((action, index) => (
                            // Keyed by place: Pause becomes Resume in the same button, which keeps the focus.
                            <Button
                              key={index}
                              variant="secondary"
                              busy={acting?.code === entry.code && acting.action === action}
                              onClick={() => {
                                if (acting) return;
                                if (action === 'end') setEnding(entry.code);
                                else void act(entry.code, action);
                              }}
                              aria-label={t(`codes.${action}`, { code: entry.code })}
                            >
                              {t(`codes.actionLabels.${action}`)}
                            </Button>
                          ))}
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </Loaded>
      {open ? <Redemptions key={open} code={open} onClose={closeRedemptions} /> : null}
      <CreateCodeForm onCreated={codes.reload} />
      <ConfirmDialog
        open={ending !== null}
        title={t('codes.endConfirm', { code: ending ?? '' })}
        confirmLabel={t('codes.end', { code: ending ?? '' })}
        cancelLabel={t('common.cancel')}
        onCancel={() => setEnding(null)}
        onConfirm={() => {
          const code = ending;
          setEnding(null);
          if (code) void act(code, 'end');
        }}
      />
    </ConsolePage>
  );
}
