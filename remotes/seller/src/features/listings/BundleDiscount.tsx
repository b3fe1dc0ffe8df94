import { BUNDLE_MAX_PERCENT, BUNDLE_MAX_PIECES, BUNDLE_MAX_TIERS, BUNDLE_MIN_PIECES, bundleTiersRefusal, type BundleTier } from '@preloved/contract';
import { bundleSettingsEntry, getBundleSettings, messageFor, readRefusal, refusedFields, saveBundleSettings, useCached, useToast } from '@preloved/shared';
import { Button, Field } from '@preloved/ui';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../../components/SellerPage.module.css';

type Row = { pieces: string; percent: string };
const toRows = (tiers: BundleTier[]): Row[] => tiers.map((tier) => ({ pieces: String(tier.min_pieces), percent: String(tier.percent_off) }));
const whole = (text: string) => (/^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/**
 * The seller's bundle discount: up to 3 tiers of "N pieces or more: P % off"
 * (N 2–10, P 1–30, more pieces more off), checked here by the contract's own rule and again by the
 * API, whose refusal shows next to the field it names. An empty list gives no bundle discount.
 */
export function BundleDiscount() {
  const { t } = useTranslation('seller');
  const toast = useToast();
  const titleId = useId();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [busy, setBusy] = useState(false);

  // The settings through the data cache; the form starts from them once they are in (or empty when
  // they cannot be read), and is the seller's to edit from then on.
  const settings = useCached(bundleSettingsEntry, () => getBundleSettings());
  if (rows === null && (settings.data || (settings.error !== undefined && !settings.loading))) setRows(toRows(settings.data?.tiers ?? []));

  if (rows === null) return null;
  const change = (index: number, key: keyof Row, value: string) => {
    setRows(rows.map((row, at) => (at === index ? { ...row, [key]: value } : row)));
    setErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const tiers = rows.map((row) => ({ min_pieces: whole(row.pieces), percent_off: whole(row.percent) }));
    const refusal = bundleTiersRefusal(tiers.map((tier) => ({ min_pieces: Number.isNaN(tier.min_pieces) ? 0 : tier.min_pieces, percent_off: Number.isNaN(tier.percent_off) ? 0 : tier.percent_off })));
    if (refusal) {
      setErrors({ [refusal.field]: messageFor(refusal.key) });
      return;
    }
    setBusy(true);
    try {
      const saved = await saveBundleSettings({ tiers });
      setRows(toRows(saved.tiers));
      toast.success(t(saved.tiers.length ? 'bundle.saved' : 'bundle.cleared'));
    } catch (failure) {
      const fields = refusedFields(failure);
      const entries = Object.entries(fields);
      setErrors(entries.length ? Object.fromEntries(entries.map(([field, key]) => [field, messageFor(key)])) : { tiers: (await readRefusal(failure)).text });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.sectionTitle}>
        {t('bundle.title')}
      </h3>
      <p className={styles.hint}>
        {t('bundle.intro', { min: BUNDLE_MIN_PIECES, max: BUNDLE_MAX_PIECES, percent: BUNDLE_MAX_PERCENT, tiers: BUNDLE_MAX_TIERS })}
      </p>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        {rows.map((row, index) => (
          <fieldset key={index} className={styles.row}>
            <legend className={styles.label}>{t('bundle.tier', { n: index + 1 })}</legend>
            <Field
              label={t('bundle.pieces')}
              value={row.pieces}
              onChange={(value) => change(index, 'pieces', value)}
              inputMode="numeric"
              maxLength={3}
              error={errors[`tiers.${index}.min_pieces`]}
            />
            <Field
              label={t('bundle.percent')}
              value={row.percent}
              onChange={(value) => change(index, 'percent', value)}
              inputMode="numeric"
              maxLength={3}
              error={errors[`tiers.${index}.percent_off`]}
            />
            <Button type="button" variant="secondary" onClick={() => setRows(rows.filter((_, at) => at !== index))} aria-label={t('bundle.removeOf', { n: index + 1 })}>
              {t('bundle.remove')}
            </Button>
          </fieldset>
        ))}
        {errors.tiers ? (
          <p className={styles.error} role="alert">
            {errors.tiers}
          </p>
        ) : null}
        <div className={styles.actions}>
          {rows.length < BUNDLE_MAX_TIERS ? (
            <Button type="button" variant="secondary" onClick={() => setRows([...rows, { pieces: '', percent: '' }])}>
              {t('bundle.add')}
            </Button>
          ) : null}
          <Button type="submit" busy={busy} disabled={busy}>
            {t('bundle.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
