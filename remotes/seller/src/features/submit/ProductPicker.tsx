import type { SellerProduct } from '@preloved/contract';
import { findSellerProducts } from '@preloved/shared';
import { Button, Field } from '@preloved/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../../components/SellerPage.module.css';

/** The piece being sold, found in the brand's catalogue by what the seller types (2 letters or more). */
export function ProductPicker({ product, error, onChoose }: { product: SellerProduct | null; error: string | null; onChoose: (product: SellerProduct | null) => void }) {
  const { t } = useTranslation('seller');
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<SellerProduct[] | null>(null);
  const resultsId = useId();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    clearTimeout(timer.current);
    const text = query.trim();
    if (text.length < 2) {
      setResults(null);
      return;
    }
    const controller = new AbortController();
    timer.current = setTimeout(() => {
      findSellerProducts(text, controller.signal)
        .then((answer) => setResults(answer.products))
        .catch(() => undefined);
    }, 300);
    return () => {
      clearTimeout(timer.current);
      controller.abort();
    };
  }, [query]);

  if (product) {
    return (
      <div className={styles.stack}>
        <span className={styles.label}>{t('submit.chosen')}</span>
        <div className={styles.result}>
          <img className={styles.thumb} src={product.photo} alt="" />
          <span>{product.title}</span>
        </div>
        <div>
          <Button variant="secondary" onClick={() => onChoose(null)}>
            {t('submit.change')}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className={styles.stack}>
      <Field label={t('submit.productSearch')} hint={t('submit.productSearchHint')} value={query} onChange={setQuery} error={error} type="search" autoComplete="off" />
      {results ? (
        results.length ? (
          <ul className={styles.results} aria-label={t('submit.productResults')} id={resultsId}>
            {results.map((candidate) => (
              <li key={candidate.product_id}>
                <button type="button" className={styles.result} aria-label={t('submit.choose', { title: candidate.title })} onClick={() => onChoose(candidate)}>
                  <img className={styles.thumb} src={candidate.photo} alt="" />
                  <span>{candidate.title}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p role="status">{t('submit.noProducts')}</p>
        )
      ) : null}
    </div>
  );
}

