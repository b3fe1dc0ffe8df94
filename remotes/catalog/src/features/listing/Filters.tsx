import type { Gender, ListingFilters } from '@preloved/contract';
import { Button } from '@preloved/ui';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListingFiltersState } from '../common/filters';
import styles from './Filters.module.css';

interface FiltersProps {
  filters: ListingFiltersState;
  available: ListingFilters;
  showGender: boolean;
  conditionName: (id: number) => string;
  onChange: (next: Partial<ListingFiltersState>) => void;
}

const toggle = <T,>(list: T[], value: T) => (list.includes(value) ? list.filter((item) => item !== value) : [...list, value]);

/** Size, colour, condition and price filters; every change goes to the URL. */
export function Filters({ filters, available, showGender, conditionName, onChange }: FiltersProps) {
  const { t } = useTranslation('catalog');
  const id = useId();
  const [minPrice, setMinPrice] = useState(filters.min_price?.toString() ?? '');
  const [maxPrice, setMaxPrice] = useState(filters.max_price?.toString() ?? '');
  useEffect(() => {
    setMinPrice(filters.min_price?.toString() ?? '');
    setMaxPrice(filters.max_price?.toString() ?? '');
  }, [filters.min_price, filters.max_price]);

  const applyPrice = (event: FormEvent) => {
    event.preventDefault();
    const parse = (value: string) => (value.trim() === '' || Number.isNaN(Number(value)) ? undefined : Math.max(0, Number(value)));
    onChange({ min_price: parse(minPrice), max_price: parse(maxPrice) });
  };

  return (
    <div className={styles.filters}>
      {showGender ? (
        <fieldset className={styles.group}>
          <legend>{t('filters.gender')}</legend>
          {(['', 'women', 'men'] as const).map((gender) => (
            <label key={gender || 'all'} className={styles.option}>
              <input
                type="radio"
                name={`${id}-gender`}
                checked={(filters.gender ?? '') === gender}
                onChange={() => onChange({ gender: (gender || undefined) as Gender | undefined })}
              />
              {t(`filters.genders.${gender || 'all'}`)}
            </label>
          ))}
        </fieldset>
      ) : null}
      {available.size.values.length > 0 ? (
        <fieldset className={styles.group}>
          <legend>{t('filters.size')}</legend>
          <div className={styles.chips}>
            {available.size.values.map((size) => (
              <label key={String(size.id)} className={styles.chip}>
                <input
                  type="checkbox"
                  checked={filters.size.includes(size.option)}
                  onChange={() => onChange({ size: toggle(filters.size, size.option) })}
                />
                <span>{size.option}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {available.colour.values.length > 0 ? (
        <fieldset className={styles.group}>
          <legend>{t('filters.colour')}</legend>
          {available.colour.values.map((colour) => (
            <label key={colour.id} className={styles.option}>
              <input
                type="checkbox"
                checked={filters.colour.includes(colour.id)}
                onChange={() => onChange({ colour: toggle(filters.colour, colour.id) })}
              />
              <span className={styles.swatch} style={{ background: colour.hex }} aria-hidden="true" />
              {t(`colours.${colour.id}`, { defaultValue: colour.option })}
            </label>
          ))}
        </fieldset>
      ) : null}
      {available.condition.values.length > 0 ? (
        <fieldset className={styles.group}>
          <legend>{t('filters.condition')}</legend>
          {available.condition.values.map((condition) => (
            <label key={condition.id} className={styles.option}>
              <input
                type="checkbox"
                checked={filters.condition.includes(condition.id)}
                onChange={() => onChange({ condition: toggle(filters.condition, condition.id) })}
              />
              {conditionName(condition.id)}
            </label>
          ))}
        </fieldset>
      ) : null}
      <form className={styles.group} onSubmit={applyPrice}>
        <fieldset className={styles.price}>
          <legend>{t('filters.price')}</legend>
          <label>
            <span>{t('filters.minPrice')}</span>
            <input type="number" inputMode="decimal" min={0} step="1" value={minPrice} onChange={(event) => setMinPrice(event.target.value)} placeholder={String(Math.floor(available.price.min))} />
          </label>
          <label>
            <span>{t('filters.maxPrice')}</span>
            <input type="number" inputMode="decimal" min={0} step="1" value={maxPrice} onChange={(event) => setMaxPrice(event.target.value)} placeholder={String(Math.ceil(available.price.max))} />
          </label>
        </fieldset>
        <Button type="submit" variant="secondary" block>
          {t('filters.applyPrice')}
        </Button>
      </form>
      <Button
        variant="ghost"
        onClick={() => onChange({ size: [], colour: [], condition: [], min_price: undefined, max_price: undefined, gender: undefined })}
      >
        {t('filters.clear')}
      </Button>
    </div>
  );
}
