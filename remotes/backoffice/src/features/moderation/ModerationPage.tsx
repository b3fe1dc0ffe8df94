import { MODERATION_MODES, MODERATION_REASONS, type ModerationEntry, type ModerationPolicy, type ModerationQueue } from '@preloved/contract';
import { messageFor, useToast } from '@preloved/shared';
import { Button, EmptyState, Field, FormFailure, SelectField, TextAreaField, useFieldForm } from '@preloved/ui';
import { useId, type FormEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleApi, useConsoleData } from '../../lib/console-api';
import { ConsolePage, Loaded } from '../../lib/ConsolePage';
import { formatDay, formatMoney, formatShare } from '../../lib/format';
import { useStaff } from '../../lib/session';
import styles from '../../lib/console.module.css';
import { ReportsSection } from './ReportsSection';

type Decision = 'approve' | 'reject' | 'changes';
const DECISIONS: Decision[] = ['approve', 'reject', 'changes'];

/** One listing's decision: approve, or reject / ask for changes with a reason from the list and a note. */
function DecisionBox({ listing, onDecided }: { listing: ModerationEntry; onDecided: () => void }) {
  const { t } = useTranslation('backoffice');
  const toast = useToast();
  const name = useId();
  const form = useFieldForm({ decision: '', reason: '', note: '' }, { message: (key) => messageFor(key, 'backoffice') });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { decision, reason, note } = form.values;
    const problems = { decision: decision ? null : 'choose', reason: decision && decision !== 'approve' && !reason ? 'moderation_reason_needed' : null };
    if (!form.check(problems)) return;
    form.setBusy(true);
    try {
      await consoleApi.post(`moderation/${listing.listing_id}`, { decision, reason: decision === 'approve' ? null : reason, note: note.trim() });
      toast.success(t(`moderation.decided.${decision as Decision}`));
      onDecided();
    } catch (failure) {
      await form.refuseFailure(failure, { decision: 'decision', reason: 'reason', note: 'note' });
    }
  };
  const decision = form.field('decision');
  const note = form.field('note');
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={t('moderation.decision')}>
      <fieldset className={styles.choices}>
        <legend>{t('moderation.decision')}</legend>
        {DECISIONS.map((value, index) => (
          <label key={value} className={styles.choice}>
            <input type="radio" name={name} value={value} checked={decision.value === value} onChange={() => decision.onChange(value)} ref={index === 0 ? decision.ref : undefined} />
            {t(`moderation.${value}`)}
          </label>
        ))}
        {form.errors.decision ? <p className={styles.error}>{t('common.chooseOne')}</p> : null}
      </fieldset>
      {decision.value && decision.value !== 'approve' ? (
        <>
          <SelectField binding={form.field('reason')} label={t('moderation.reason')}>
            <option value="">{t('moderation.chooseReason')}</option>
            {MODERATION_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {t(`moderation.reasons.${reason}`)}
              </option>
            ))}
          </SelectField>
          <TextAreaField
            ref={note.ref as unknown as Ref<HTMLTextAreaElement>}
            value={note.value}
            onChange={note.onChange}
            error={note.error}
            label={t('moderation.note')}
            rows={3}
            maxLength={1000}
          />
        </>
      ) : null}
      <FormFailure>{form.failure}</FormFailure>
      <div>
        <Button type="submit" busy={form.busy} disabled={form.busy}>
          {t('moderation.submit')}
        </Button>
      </div>
    </form>
  );
}

/** A listing as the moderator weighs it: photos, words, price against the original, the seller's record. */
function ListingReview({ listing, onDecided }: { listing: ModerationEntry; onDecided: () => void }) {
  const { t, i18n } = useTranslation('backoffice');
  const language = i18n.language;
  const headingId = `listing-${listing.listing_id}`;
  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.subtitle}>
        {listing.title} · {t('moderation.listing', { number: listing.number })}
      </h2>
      <p className={styles.muted}>
        {t('moderation.submitted', { date: formatDay(listing.submitted_at, language) })} ·{' '}
        {t('moderation.details', { condition: listing.condition, colour: listing.colour, size: listing.size })}
      </p>
      <div className={styles.photos}>
        {listing.photos.map((photo, index) => (
          <a key={photo} href={photo} target="_blank" rel="noreferrer">
            <img src={photo} alt={t('moderation.photo', { count: index + 1, title: listing.title })} loading="lazy" />
          </a>
        ))}
      </div>
      <dl className={styles.facts}>
        <dt>{t('moderation.price')}</dt>
        <dd>
          {listing.original_price
            ? t('moderation.priceAgainst', {
                price: formatMoney(listing.price, language),
                share: formatShare(listing.price / listing.original_price, language),
                original: formatMoney(listing.original_price, language),
              })
            : `${formatMoney(listing.price, language)} — ${t('moderation.noOriginal')}`}
        </dd>
        <dt>{t('moderation.description')}</dt>
        <dd className={styles.prewrap}>{listing.comment || t('moderation.noDescription')}</dd>
        <dt>{t('moderation.seller')}</dt>
        <dd>
          {listing.seller.name} ({listing.seller.email}) ·{' '}
          <span className={`${styles.badge} ${listing.seller.verified ? styles.good : ''}`}>
            {listing.seller.verified ? t('moderation.verified') : t('moderation.unverified')}
          </span>
          <br />
          {t('moderation.sellerSince', { date: formatDay(listing.seller.since, language) })} ·{' '}
          {t('moderation.history', { listings: listing.seller.listings, sales: listing.seller.sales, rejected: listing.seller.rejected })}
        </dd>
      </dl>
      <DecisionBox listing={listing} onDecided={onDecided} />
    </article>
  );
}

/** The admin's setting of which new listings wait for a review. */
function PolicyForm() {
  const { t } = useTranslation('backoffice');
  const toast = useToast();
  const policy = useConsoleData<ModerationPolicy>('settings/moderation');
  return (
    <section className={styles.card} aria-labelledby="policy-title">
      <h2 id="policy-title" className={styles.subtitle}>
        {t('moderation.policy')}
      </h2>
      <p className={styles.muted}>{t('moderation.policyIntro')}</p>
      <Loaded result={policy}>
        {(current) => (
          <PolicyFields
            current={current}
            onSave={async (next) => {
              await consoleApi.put('settings/moderation', next);
              toast.success(t('moderation.policySaved'));
              policy.reload();
            }}
          />
        )}
      </Loaded>
    </section>
  );
}

function PolicyFields({ current, onSave }: { current: ModerationPolicy; onSave: (policy: ModerationPolicy) => Promise<void> }) {
  const { t } = useTranslation('backoffice');
  const form = useFieldForm({ mode: current.mode as string, firstN: String(current.first_n) }, { message: (key) => (key === 'moderation_first_n' ? t('moderation.firstNRule') : messageFor(key, 'backoffice')) });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const firstN = Number(form.values.firstN);
    if (!form.check({ firstN: Number.isInteger(firstN) && firstN >= 1 && firstN <= 100 ? null : 'moderation_first_n' })) return;
    form.setBusy(true);
    try {
      await onSave({ mode: form.values.mode as ModerationPolicy['mode'], first_n: firstN });
      form.setBusy(false);
    } catch (failure) {
      await form.refuseFailure(failure, { mode: 'mode', first_n: 'firstN' });
    }
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <SelectField binding={form.field('mode')} label={t('moderation.mode')}>
        {MODERATION_MODES.map((mode) => (
          <option key={mode} value={mode}>
            {t(`moderation.modes.${mode}`)}
          </option>
        ))}
      </SelectField>
      {form.values.mode === 'first' ? (
        <Field {...form.field('firstN')} label={t('moderation.firstN')} type="number" min={1} max={100} inputMode="numeric" />
      ) : null}
      <FormFailure>{form.failure}</FormFailure>
      <div>
        <Button type="submit" variant="secondary" busy={form.busy} disabled={form.busy}>
          {t('moderation.savePolicy')}
        </Button>
      </div>
    </form>
  );
}

/** `/backoffice/moderation`: the listings held for review, and (for an admin) the policy that holds them. */
export function ModerationPage() {
  const { t } = useTranslation('backoffice');
  const { member } = useStaff();
  const queue = useConsoleData<ModerationQueue>('moderation');
  return (
    <ConsolePage title={t('moderation.title')} intro={t('moderation.intro')}>
      <Loaded result={queue}>
        {({ listings }) =>
          listings.length === 0 ? (
            <EmptyState title={t('moderation.empty')} role="status" />
          ) : (
            <div className={styles.cards}>
              {listings.map((listing) => (
                <ListingReview key={listing.listing_id} listing={listing} onDecided={queue.reload} />
              ))}
            </div>
          )
        }
      </Loaded>
      <ReportsSection />
      {member.role === 'admin' ? <PolicyForm /> : null}
    </ConsolePage>
  );
}
