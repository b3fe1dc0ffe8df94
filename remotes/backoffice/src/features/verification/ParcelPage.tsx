import type { VerificationDetail, VerificationPiece } from '@preloved/contract';
import { fieldsByName, HTTPError, messageFor, refusalText, useToast } from '@preloved/shared';
import { Link, useParams } from '@preloved/shared/router';
import { Button, Field, FormFailure, TextAreaField, useFieldForm } from '@preloved/ui';
import { useId, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleApi, downloadUrl, useConsoleData } from '../../lib/console-api';
import { ConsolePage, Loaded } from '../../lib/ConsolePage';
import { formatMoment, formatMoney } from '../../lib/format';
import styles from '../../lib/console.module.css';

/**
 * `/backoffice/verification/:packageId`: a parcel at the brand's hub (issue 48). On its way: "Mark
 * received" once it is on the bench. At the hub: each piece as its buyer bought it (photos, product
 * code, size, colour, condition, price, the seller's words) with its category's checklist, passed or
 * failed with a report both parties read; failures that refund above the step-up threshold ask for the
 * authenticator's code. Checked: each verdict, the refunds and the hub's labels.
 */
export function ParcelPage() {
  const { t, i18n } = useTranslation('backoffice');
  const { packageId } = useParams();
  const toast = useToast();
  const result = useConsoleData<VerificationDetail>(`verification/${Number(packageId) || 0}`);
  const moment = (value: string | null, otherwise: string) => (value ? formatMoment(value, i18n.language) : otherwise);
  return (
    <Loaded result={result}>
      {(parcel) => (
        <ConsolePage
          title={t('verification.parcelTitle', { number: parcel.order_number, seller: parcel.seller })}
          actions={<Link to={`/backoffice/verification?status=${parcel.status}`}>{t('verification.back')}</Link>}
        >
          <div className={styles.card}>
            <h2 className={styles.subtitle}>{t('verification.parcel')}</h2>
            <dl className={styles.facts}>
              <dt>{t('verification.state')}</dt>
              <dd>{t(`verification.status.${parcel.status}`)}</dd>
              <dt>{t('verification.seller')}</dt>
              <dd>{parcel.seller}</dd>
              <dt>{t('verification.shipped')}</dt>
              <dd>
                {moment(parcel.shipped_at, t('verification.notShipped'))}
                {parcel.tracking_number ? ` · ${parcel.tracking_number}` : ''}
              </dd>
              <dt>{t('verification.received')}</dt>
              <dd>{moment(parcel.received_at, t('verification.notReceived'))}</dd>
              {parcel.outbound_tracking ? (
                <>
                  <dt>{t('verification.toBuyer')}</dt>
                  <dd>{parcel.outbound_tracking}</dd>
                </>
              ) : null}
              {parcel.return_tracking ? (
                <>
                  <dt>{t('verification.backToSeller')}</dt>
                  <dd>{parcel.return_tracking}</dd>
                </>
              ) : null}
            </dl>
            {parcel.status === 'to_hub' ? (
              <Receive
                packageId={parcel.package_id}
                onReceived={() => {
                  toast.success(t('verification.receivedToast'));
                  result.reload();
                }}
              />
            ) : null}
            {parcel.status === 'lost' ? <p role="status">{t('verification.lostNote')}</p> : null}
            {parcel.status === 'checked' ? <Labels parcel={parcel} /> : null}
          </div>
          {parcel.status === 'at_hub' ? (
            <Decision
              parcel={parcel}
              onDecided={() => {
                toast.success(t('verification.decidedToast'));
                result.reload();
              }}
            />
          ) : (
            parcel.pieces_detail.map((piece) => <PieceCard key={piece.listing_id} piece={piece} />)
          )}
        </ConsolePage>
      )}
    </Loaded>
  );
}

/** "Mark received": the parcel is on the bench. */
function Receive({ packageId, onReceived }: { packageId: number; onReceived: () => void }) {
  const { t } = useTranslation('backoffice');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const receive = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await consoleApi.post(`verification/${packageId}/received`);
      onReceived();
    } catch (error) {
      setFailure(await refusalText(error));
    }
    setBusy(false);
  };
  return (
    <>
      <p className={styles.muted}>{t('verification.receiveHint')}</p>
      <div>
        <Button busy={busy} disabled={busy} onClick={() => void receive()}>
          {t('verification.receive')}
        </Button>
      </div>
      <FormFailure>{failure}</FormFailure>
    </>
  );
}

/** The hub's labels of a checked parcel: to the buyer for the pieces that passed, back to the seller for those that failed. */
function Labels({ parcel }: { parcel: VerificationDetail }) {
  const { t } = useTranslation('backoffice');
  const label = (kind: 'outbound' | 'return') => downloadUrl(`verification/${parcel.package_id}/label`, { kind });
  const passed = parcel.pieces_detail.some((piece) => piece.verdict === 'pass');
  const failed = parcel.pieces_detail.some((piece) => piece.verdict === 'fail');
  return (
    <nav aria-label={t('verification.labels')}>
      <ul className={styles.list}>
        {passed ? (
          <li>
            <a href={label('outbound')} download>
              {t('verification.outboundLabel')}
            </a>
          </li>
        ) : null}
        {failed ? (
          <li>
            <a href={label('return')} download>
              {t('verification.returnLabel')}
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

/** A piece as its buyer bought it, its verdict once decided, and (at the hub) what deciding it asks. */
function PieceCard({ piece, children }: { piece: VerificationPiece; children?: ReactNode }) {
  const { t, i18n } = useTranslation('backoffice');
  const id = useId();
  return (
    <article className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.subtitle}>
        {piece.title}
      </h2>
      <div className={styles.photos}>
        {piece.photos.map((photo, index) => {
          // Each photo opens whole in a new tab: the bench compares the piece with it closely.
          const alt = t('verification.photo', { index: index + 1, title: piece.title });
          return (
            <a key={photo} href={photo} target="_blank" rel="noreferrer">
              <img src={photo} alt={alt} width={120} height={150} loading="lazy" />
            </a>
          );
        })}
      </div>
      <dl className={styles.facts}>
        <dt>{t('verification.listing')}</dt>
        <dd>{piece.listing_number}</dd>
        <dt>{t('verification.productCode')}</dt>
        <dd>{piece.product_code}</dd>
        <dt>{t('verification.size')}</dt>
        <dd>{piece.size}</dd>
        <dt>{t('verification.colour')}</dt>
        <dd>{piece.colour}</dd>
        <dt>{t('verification.condition')}</dt>
        <dd>{piece.condition}</dd>
        <dt>{t('verification.price')}</dt>
        <dd>{formatMoney(piece.price, i18n.language)}</dd>
        {piece.comment ? (
          <>
            <dt>{t('verification.sellerWords')}</dt>
            <dd className={styles.prewrap}>{piece.comment}</dd>
          </>
        ) : null}
      </dl>
      {piece.verdict ? (
        <p>
          <span className={`${styles.badge} ${piece.verdict === 'pass' ? styles.good : styles.late}`}>{t(`verification.verdict.${piece.verdict}`)}</span>
          {piece.refunded !== null ? ` ${t('verification.refunded', { amount: formatMoney(piece.refunded, i18n.language) })}` : ''}
        </p>
      ) : piece.refunded !== null ? (
        <p>{t('verification.refunded', { amount: formatMoney(piece.refunded, i18n.language) })}</p>
      ) : null}
      {piece.verdict === 'fail' && piece.report ? (
        <>
          <h3 className={styles.subtitle}>{t('verification.report')}</h3>
          <blockquote className={styles.quote}>{piece.report}</blockquote>
        </>
      ) : null}
      {children}
    </article>
  );
}

/**
 * Every open piece's verdict, sent at once (the parcel is checked whole): a pass with every check
 * ticked, a failure with its report; the authenticator's code when the failures may refund above the
 * threshold. Each problem is shown next to its field, the API's as the form's own.
 */
function Decision({ parcel, onDecided }: { parcel: VerificationDetail; onDecided: () => void }) {
  const { t, i18n } = useTranslation('backoffice');
  const id = useId();
  const open = parcel.pieces_detail.filter((piece) => piece.verdict === null && piece.refunded === null);
  const names = (piece: VerificationPiece) => ({ checklist: `checklist:${piece.listing_id}`, verdict: `verdict:${piece.listing_id}`, report: `report:${piece.listing_id}` });
  const [initial] = useState(() =>
    Object.fromEntries([...open.flatMap((piece) => Object.values(names(piece)).map((name) => [name, ''])), ['code', '']]) as Record<string, string>,
  );
  const form = useFieldForm<string>(initial, { message: (key) => (key === 'choose' ? t('common.chooseOne') : messageFor(key, 'backoffice')) });
  const [ticks, setTicks] = useState<Record<string, boolean>>({});
  const ticked = (piece: VerificationPiece, item: string) => ticks[`${piece.listing_id}:${item}`] === true;
  const verdictOf = (piece: VerificationPiece) => form.values[names(piece).verdict];
  const failing = open.some((piece) => verdictOf(piece) === 'fail');
  const allFailing = open.length > 0 && open.every((piece) => verdictOf(piece) === 'fail');
  const amount = formatMoney(parcel.step_up_above, i18n.language);
  const asked = (parcel.refund_needs_code && failing) || Boolean(form.errors.code) ? { required: allFailing, hint: allFailing ? t('verification.codeHint', { amount }) : t('verification.codeOptional', { amount }) } : null;
  const code = form.values.code!.trim();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string | null> = {};
    for (const piece of open) {
      const name = names(piece);
      const verdict = form.values[name.verdict];
      problems[name.checklist] = verdict === 'pass' && piece.checklist.some((item) => !ticked(piece, item)) ? 'hub_checklist_incomplete' : null;
      problems[name.verdict] = verdict ? null : 'choose';
      problems[name.report] = verdict === 'fail' && !form.values[name.report]!.trim() ? 'hub_report_needed' : null;
    }
    problems.code = !asked || /^\d{6}$/.test(code) || (!asked.required && code === '') ? null : 'staff_totp_invalid';
    if (!form.check(problems)) return;
    form.setBusy(true);
    try {
      await consoleApi.post(`verification/${parcel.package_id}/decision`, {
        pieces: open.map((piece) => ({
          listing_id: piece.listing_id,
          verdict: verdictOf(piece),
          checklist: Object.fromEntries(piece.checklist.map((item) => [item, ticked(piece, item)])),
          report: form.values[names(piece).report]!.trim(),
        })),
        ...(asked && code ? { code } : {}),
      });
      form.setBusy(false);
      onDecided();
    } catch (failure) {
      form.setValues((values) => ({ ...values, code: '' }));
      const wire: Record<string, string> = { code: 'code', pieces: names(open[0]!).verdict };
      open.forEach((piece, index) => {
        const name = names(piece);
        wire[`pieces.${index}.checklist`] = name.checklist;
        wire[`pieces.${index}.verdict`] = name.verdict;
        wire[`pieces.${index}.report`] = name.report;
      });
      const fields = fieldsByName(refusalFields(failure), wire);
      if (Object.keys(fields).length === 0) return form.refuseFailure(failure, wire);
      form.refuse(fields, null);
      form.setBusy(false);
    }
  };

  return (
    <form className={styles.cards} onSubmit={submit} noValidate>
      {parcel.pieces_detail.map((piece) => {
        if (!open.includes(piece)) return <PieceCard key={piece.listing_id} piece={piece} />;
        const name = names(piece);
        const checklist = form.field(name.checklist);
        const verdict = form.field(name.verdict);
        const report = form.field(name.report);
        const fieldId = `${id}-${piece.listing_id}`;
        return (
          <PieceCard key={piece.listing_id} piece={piece}>
            <fieldset className={styles.choices} aria-describedby={checklist.error ? `${fieldId}-checklist` : undefined}>
              <legend>{t('verification.checklist')}</legend>
              {piece.checklist.map((item, index) => (
                <label key={item} className={styles.choice}>
                  <input
                    type="checkbox"
                    ref={index === 0 ? checklist.ref : undefined}
                    checked={ticked(piece, item)}
                    onChange={(event) => {
                      const on = event.target.checked;
                      setTicks((now) => ({ ...now, [`${piece.listing_id}:${item}`]: on }));
                      form.setErrors((now) => ({ ...now, [name.checklist]: null }));
                    }}
                  />
                  {t(`verification.checks.${item}`, { defaultValue: item })}
                </label>
              ))}
              {checklist.error ? (
                <p id={`${fieldId}-checklist`} className={styles.error}>
                  {checklist.error}
                </p>
              ) : null}
            </fieldset>
            <fieldset className={styles.choices} aria-describedby={verdict.error ? `${fieldId}-verdict` : undefined}>
              <legend>{t('verification.verdictLegend')}</legend>
              {(['pass', 'fail'] as const).map((value) => (
                <label key={value} className={styles.choice}>
                  <input
                    type="radio"
                    name={`${fieldId}-verdict`}
                    value={value}
                    ref={value === 'pass' ? verdict.ref : undefined}
                    checked={verdict.value === value}
                    onChange={() => {
                      verdict.onChange(value);
                      form.setErrors((now) => ({ ...now, [name.checklist]: null, [name.report]: null }));
                    }}
                  />
                  {t(`verification.${value}`)}
                </label>
              ))}
              {verdict.error ? (
                <p id={`${fieldId}-verdict`} className={styles.error}>
                  {verdict.error}
                </p>
              ) : null}
            </fieldset>
            <TextAreaField
              ref={report.ref as unknown as Ref<HTMLTextAreaElement>}
              value={report.value}
              onChange={report.onChange}
              error={report.error}
              label={t('verification.reportLabel')}
              hint={t('verification.reportHint')}
              rows={3}
              maxLength={2000}
            />
          </PieceCard>
        );
      })}
      {asked ? <Field {...form.field('code')} label={t('verification.code')} hint={asked.hint} inputMode="numeric" autoComplete="one-time-code" maxLength={6} /> : null}
      <FormFailure>{form.failure}</FormFailure>
      <div>
        <Button type="submit" busy={form.busy} disabled={form.busy}>
          {t('verification.submit')}
        </Button>
      </div>
    </form>
  );
}

/**
 * A refusal's field keys by wire name, whatever the key: the bench's (the team's) are not among the
 * shoppers' field keys that readRefusal keeps, and each belongs next to its own piece's field.
 */
function refusalFields(failure: unknown): Record<string, string> {
  if (!(failure instanceof HTTPError)) return {};
  const fields = (failure.data as { fields?: unknown } | undefined)?.fields;
  const out: Record<string, string> = {};
  for (const entry of Array.isArray(fields) ? (fields as Array<{ field?: unknown; key?: unknown }>) : []) {
    if (typeof entry.field === 'string' && typeof entry.key === 'string') out[entry.field] ??= entry.key;
  }
  return out;
}
