import type { ListingFiltersState } from '@preloved/shared';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button } from './Button';
import styles from './ListingFilters.module.css';

export interface ListingFiltersLabels {
  gender: string;
  genders: { all: string; women: string; men: string };
  size: string;
  colour: string;
  condition: string;
  price: string;
  minPrice: string;
  maxPrice: string;
  applyPrice: string;
  clear: string;
}

/** The filter values an answer offers (the `filters` object of GET /api/products/listings/all). */
export interface AvailableFilters {
  condition: { values: { id: number; option: string }[] };
  size: { values: { id: string | number; option: string }[] };
  colour: { values: { id: string; option: string; hex: string }[] };
  price: { min: number; max: number };
}

export interface ListingFiltersProps {
  filters: ListingFiltersState;
  available: AvailableFilters;
  showGender?: boolean;
  /** Already translated, like every text of @preloved/ui. */
  labels: ListingFiltersLabels;
  conditionName: (id: number) => string;
  colourName: (id: string, fallback: string) => string;
  onChange: (next: Partial<ListingFiltersState>) => void;
}

const toggle = <T,>(list: T[], value: T) => (list.includes(value) ? list.filter((item) => item !== value) : [...list, value]);

/** Gender, size, colour, condition and price filters of a listing page; every change goes to `onChange`. */
export function ListingFilters({ filters, available, showGender = false, labels, conditionName, colourName, onChange }: ListingFiltersProps) {
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
          <legend>{labels.gender}</legend>
          {(['', 'women', 'men'] as const).map((gender) => (
            <label key={gender || 'all'} className={styles.option}>
              <input
                type="radio"
                name={`${id}-gender`}
                checked={(filters.gender ?? '') === gender}
                onChange={() => onChange({ gender: gender || undefined })}
              />
              {labels.genders[gender || 'all']}
            </label>
          ))}
        </fieldset>
      ) : null}
      {available.size.values.length > 0 ? (
        <fieldset className={styles.group}>
          <legend>{labels.size}</legend>
          <div className={styles.chips}>
            {available.size.values.map((size) => (
              <label key={String(size.id)} className={styles.chip}>
                <input type="checkbox" checked={filters.size.includes(size.option)} onChange={() => onChange({ size: toggle(filters.size, size.option) })} />
                <span>{size.option}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {available.colour.values.length > 0 ? (
        <fieldset className={styles.group}>
          <legend>{labels.colour}</legend>
          {available.colour.values.map((colour) => (
            <label key={colour.id} className={styles.option}>
              <input type="checkbox" checked={filters.colour.includes(colour.id)} onChange={() => onChange({ colour: toggle(filters.colour, colour.id) })} />
              <span className={styles.swatch} style={{ background: colour.hex }} aria-hidden="true" />
              {colourName(colour.id, colour.option)}
            </label>
          ))}
        </fieldset>
      ) : null}
      {available.condition.values.length > 0 ? (
        <fieldset className={styles.group}>
          <legend>{labels.condition}</legend>
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
          <legend>{labels.price}</legend>
          <label>
            <span>{labels.minPrice}</span>
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
            <span>{labels.maxPrice}</span>
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
          {labels.applyPrice}
        </Button>
      </form>
      <Button variant="ghost" onClick={() => onChange({ size: [], colour: [], condition: [], min_price: undefined, max_price: undefined, gender: undefined })}>
        {labels.clear}
      </Button>
    </div>
  );
}
