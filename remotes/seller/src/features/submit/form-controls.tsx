import { LISTING_COMMENT_MAX_LENGTH } from '@preloved/contract';
import { buttonClassName } from '@preloved/ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../../components/SellerPage.module.css';
import type { FormPhoto } from './submit-draft';

// The submit form's own controls: a labelled select, a text area with its hint, the photos' field.
export function Select({ id, label, value, options, error, onChange }: { id: string; label: string; value: number | null; options: { value: number; label: string }[]; error: string | null; onChange: (value: number | null) => void }) {
  const { t } = useTranslation('seller');
  return (
    <div className={styles.stack}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={styles.select}
        value={value ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-message` : undefined}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
      >
        <option value="">{t('submit.chooseOne')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-message`} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextArea({ id, label, hint, value, error, onChange }: { id: string; label: string; hint: string; value: string; error: string | null; onChange: (value: string) => void }) {
  return (
    <div className={styles.stack}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className={styles.textarea}
        value={value}
        maxLength={LISTING_COMMENT_MAX_LENGTH}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-message`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={`${id}-message`} className={error ? styles.error : styles.hint}>
        {error ?? hint}
      </p>
    </div>
  );
}

export function PhotoField({ photos, max, error, onAdd, onRemove }: { photos: FormPhoto[]; max: number; error: string | null; onAdd: (files: FileList | null) => void; onRemove: (index: number) => void }) {
  const { t } = useTranslation('seller');
  const legendId = useId();
  return (
    <fieldset className={styles.section} aria-labelledby={legendId} aria-describedby="seller-photos-message">
      <legend id={legendId} className={styles.sectionTitle}>
        {t('submit.photos')}
      </legend>
      {photos.length ? (
        <ul className={styles.photos}>
          {photos.map((photo, index) => (
            <li key={`${photo.imageId ?? photo.url}-${index}`} className={styles.photo}>
              <img src={photo.src} alt={t('submit.photoAlt', { n: index + 1 })} />
              <button type="button" className={styles.removePhoto} aria-label={t('submit.removePhoto', { n: index + 1 })} onClick={() => onRemove(index)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {photos.length < max ? (
        <div className={styles.stack}>
          {/* The browser's own file control speaks its own language ("Choose Files / No file chosen"):
              it is hidden from sight, not from the keyboard or screen readers, and its label is the button. */}
          <input
            id="seller-photos"
            className={styles.fileInput}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
            multiple
            aria-invalid={error ? true : undefined}
            onChange={(event) => {
              onAdd(event.target.files);
              event.target.value = '';
            }}
          />
          <label className={`${buttonClassName('secondary')} ${styles.fileButton}`} htmlFor="seller-photos">
            {t('submit.addPhotos')}
          </label>
        </div>
      ) : null}
      <p id="seller-photos-message" className={error ? styles.error : styles.hint}>
        {error ?? t('submit.photosHint')}
      </p>
    </fieldset>
  );
}
