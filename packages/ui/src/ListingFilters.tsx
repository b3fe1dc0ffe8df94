import type { ListingFiltersState } from '@preloved/shared';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import styles from './ListingFilters.module.css';
import { useListingText } from './use-listing-text';

/** The filter values an answer offers (the `filters` object of GET /api/products/listings/all). */
export interface AvailableFilters {
  condition: { values: { id: number; option: string; count?: number }[] };
  size: { values: { id: string | number; option: string; count?: number }[] };
  colour: { values: { id: string; option: string; hex: string; count?: number }[] };
  price: { min: number; max: number };
}

export interface ListingFiltersProps {
  filters: ListingFiltersState;
  available: AvailableFilters;
  showGender?: boolean;
  onChange: (next: Partial<ListingFiltersState>) => void;
  /** The "Clear filters" button at the end (the phone's sheet has its own "Clear all"). */
  clearButton?: boolean;
}

const toggle = <T,>(list: T[], value: T) => (list.includes(value) ? list.filter((item) => item !== value) : [...list, value]);

/**
 * Gender, size, colour, condition and price filters of a listing page; every change goes to `onChange`.
 * Each option says how many cards it would show with the other filters kept; one that would show
 * none is disabled (unless it is chosen, so it can still be removed).
 */
export function ListingFilters({ filters, available, showGender = false, onChange, clearButton = true }: ListingFiltersProps) {
  const { t } = useTranslation('common');
  const leadsNowhere = (count: number | undefined, chosen: boolean) => count === 0 && !chosen;
  // "M (12)": the count is part of the option's name, so a screen reader hears it too.
  const countText = (count: number | undefined) =>
    count === undefined ? null : (
      <>
        {' '}
        <span className={styles.count}>({count})</span>
      </>
    );
  const { conditionName, colourName, sizeName } = useListingText(available.condition.values);
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
          <legend>{t('catalogue.filters.gender')}</legend>
          {(['', 'women', 'men'] as const).map((gender) => (
            <label key={gender || 'all'} className={styles.option}>
              <input
                type="radio"
                name={`${id}-gender`}
                checked={(filters.gender ?? '') === gender}
                onChange={() => onChange({ gender: gender || undefined })}
              />
              {t(`catalogue.filters.genders.${gender || 'all'}`)}
            </label>
          ))}
        </fieldset>
      ) : null}
      {available.size.values.length > 0 ? (
        <fieldset className={styles.group}>
          <legend>{t('catalogue.filters.size')}</legend>
          <div className={styles.chips}>
            {available.size.values.map((size) => {
              const chosen = filters.size.includes(size.option);
              return (
                <label key={String(size.id)} className={styles.chip}>
                  <input
                    type="checkbox"
                    checked={chosen}
                    disabled={leadsNowhere(size.count, chosen)}
                    onChange={() => onChange({ size: toggle(filters.size, size.option) })}
                  />
                  <span>
                    {sizeName(size.option)}
                    {countText(size.count)}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      ) : null}
      {available.colour.values.length > 0 ? (
        <fieldset className={styles.group}>
          <legend>{t('catalogue.filters.colour')}</legend>
          {available.colour.values.map((colour) => {
            const chosen = filters.colour.includes(colour.id);
            return (
              <label key={colour.id} className={styles.option}>
                <input
                  type="checkbox"
                  checked={chosen}
                  disabled={leadsNowhere(colour.count, chosen)}
                  onChange={() => onChange({ colour: toggle(filters.colour, colour.id) })}
                />
                <span className={styles.swatch} style={{ background: colour.hex }} aria-hidden="true" />
                {colourName(colour.id, colour.option)}
                {countText(colour.count)}
              </label>
            );
          })}
        </fieldset>
      ) : null}
      {available.condition.values.length > 0 ? (
        <fieldset className={styles.group}>
          <legend>{t('catalogue.filters.condition')}</legend>
          {available.condition.values.map((condition) => {
            const chosen = filters.condition.includes(condition.id);
            return (
              <label key={condition.id} className={styles.option}>
                <input
                  type="checkbox"
                  checked={chosen}
                  disabled={leadsNowhere(condition.count, chosen)}
                  onChange={() => onChange({ condition: toggle(filters.condition, condition.id) })}
                />
                {conditionName(condition.id)}
                {countText(condition.count)}
              </label>
            );
          })}
        </fieldset>
      ) : null}
      <form className={styles.group} onSubmit={applyPrice}>
        <fieldset className={styles.price}>
          <legend>{t('catalogue.filters.price')}</legend>
          <label>
            <span>{t('catalogue.filters.minPrice')}</span>
            <input
              type="number"
              inputMode="decimal"
              min={0}
              step="1"
              value={minPrice}
              onChange={(event) => setMinPrice(event.target.value)}
              placeholder={String(Math.floor(available.price.min))}
            />
          </label>
          <label>
            <span>{t('catalogue.filters.maxPrice')}</span>
            <input
              type="number"
              inputMode="decimal"
              min={0}
              step="1"
              value={maxPrice}
              onChange={(event) => setMaxPrice(event.target.value)}
              placeholder={String(Math.ceil(available.price.max))}
            />
          </label>
        </fieldset>
        <Button type="submit" variant="secondary" block>
          {t('catalogue.filters.applyPrice')}
        </Button>
      </form>
      {clearButton ? (
        <Button variant="ghost" onClick={() => onChange({ size: [], colour: [], condition: [], min_price: undefined, max_price: undefined, gender: undefined })}>
          {t('catalogue.filters.clear')}
        </Button>
      ) : null}
    </div>
  );
}
