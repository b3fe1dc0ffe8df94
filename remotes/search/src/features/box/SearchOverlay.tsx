import { SEARCH_MAX_LENGTH } from '@preloved/contract';
import { AppLink, type SearchOverlayOpener } from '@preloved/shared';
import { CloseIcon, ListingCards, Skeleton } from '@preloved/ui';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  type ChangeEvent,
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import styles from './SearchOverlay.module.css';
import { searchPageUrl } from './search-url';
import { searchableText, type SearchState } from './use-search';

interface SearchOverlayProps {
  id: string;
  via: SearchOverlayOpener;
  text: string;
  onTextChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onSubmit: (event: FormEvent) => void;
  /** Empties the text; focus goes to `field`. */
  onClear: (field: HTMLInputElement | null) => void;
  search: SearchState;
  /** Arrow Down was pressed in the header box: focus the first result as soon as there is one. */
  focusFirstResult: boolean;
  onFirstResultFocused: () => void;
  /** Escape, the close button, the backdrop; `opener` had focus when the overlay opened. */
  onDismiss: (opener: HTMLElement | null) => void;
  /** The header box, where Arrow Up from the first result goes back to. */
  inputRef: RefObject<HTMLInputElement | null>;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, [tabindex]:not([tabindex="-1"])';

/**
 * The search overlay (spec §2): a dialog over the page with the result cards in a grid of 2, 5 or 6
 * columns, a "View more" link to /search, and the no-results sentence. Keyboard: arrows move between
 * results (Arrow Up from the first goes back to the search field), Tab stays inside, Escape closes.
 */
export function SearchOverlay(props: SearchOverlayProps) {
  const { id, via, text, onTextChange, onSubmit, onClear, search, focusFirstResult, onFirstResultFocused, onDismiss, inputRef } = props;
  const { t } = useTranslation('search');
  const titleId = useId();
  const fieldId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const fieldRef = useRef<HTMLInputElement>(null);
  const gridRef = useRef<HTMLUListElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const onDismissRef = useRef(onDismiss);
  onDismissRef.current = onDismiss;
  const result = search.failed ? null : search.result;

  // Focus moves into the overlay only when the mobile button opened it; typing keeps it in the box.
  useLayoutEffect(() => {
    openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (via === 'button') fieldRef.current?.focus();
  }, [via]);

  // Escape closes from anywhere, the header box included; the page behind does not scroll.
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      onDismissRef.current(openerRef.current);
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, []);

  const results = () => Array.from(gridRef.current?.querySelectorAll<HTMLAnchorElement>('a[href]') ?? []);

  useEffect(() => {
    if (!focusFirstResult) return;
    const first = results()[0];
    if (first) {
      first.focus();
      onFirstResultFocused();
    }
  }, [focusFirstResult, result, onFirstResultFocused]);

  const searchField = () => (via === 'button' ? fieldRef.current : inputRef.current);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = results();
    const index = items.indexOf(document.activeElement as HTMLAnchorElement);
    const focus = (target: HTMLElement | null | undefined) => {
      event.preventDefault();
      target?.focus();
    };
    if (event.key === 'ArrowDown' && document.activeElement === fieldRef.current) return focus(items[0]);
    if (index >= 0) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowRight') return focus(items[Math.min(index + 1, items.length - 1)]);
      if (event.key === 'ArrowUp' || event.key === 'ArrowLeft') return focus(index === 0 ? searchField() : items[index - 1]);
      if (event.key === 'Home') return focus(items[0]);
      if (event.key === 'End') return focus(items[items.length - 1]);
    }
    if (event.key === 'Tab') {
      // A modal dialog: Tab and Shift+Tab go round inside it.
      const focusable = Array.from(dialogRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) focus(last);
      else if (!event.shiftKey && document.activeElement === last) focus(first);
    }
    return undefined;
  };

  const dismiss = () => onDismiss(openerRef.current);
  const cards = result?.products_listings ?? [];

  return createPortal(
    <div className={styles.layer} data-via={via}>
      <div className={styles.backdrop} onClick={dismiss} data-testid="search-backdrop" />
      <div ref={dialogRef} id={id} role="dialog" aria-modal="true" aria-labelledby={titleId} className={styles.panel} onKeyDown={onKeyDown}>
        <div className={styles.head}>
          <h2 id={titleId} className={styles.title}>
            {t('overlay.title')}
          </h2>
          <button type="button" className={styles.close} onClick={dismiss} aria-label={t('overlay.close')}>
            <CloseIcon size={20} />
          </button>
        </div>
        {via === 'button' ? (
          <form role="search" className={styles.field} onSubmit={onSubmit}>
            <label htmlFor={fieldId} className="visually-hidden">
              {t('box.label')}
            </label>
            <input
              id={fieldId}
              ref={fieldRef}
              type="search"
              autoComplete="off"
              enterKeyHint="search"
              maxLength={SEARCH_MAX_LENGTH}
              placeholder={t('box.placeholder')}
              value={text}
              onChange={onTextChange}
            />
            {text ? (
              <button type="button" className={styles.clear} onClick={() => onClear(fieldRef.current)} aria-label={t('box.clear')}>
                <CloseIcon size={18} />
              </button>
            ) : null}
          </form>
        ) : null}
        <div className={styles.body} aria-busy={search.pending}>
          {search.query === null && !search.pending ? <p className={styles.message}>{t('overlay.hint')}</p> : null}
          {search.pending && !result && !search.failed ? (
            <div role="status" className={styles.grid}>
              <span className="visually-hidden">{t('overlay.searching')}</span>
              {Array.from({ length: 6 }, (_, n) => (
                <Skeleton key={n} height={220} />
              ))}
            </div>
          ) : null}
          {result && search.query !== null && cards.length === 0 ? (
            <p role="status" className={styles.message}>
              {t('overlay.noResults', { query: search.query })}
            </p>
          ) : null}
          {result && search.query !== null && cards.length > 0 ? (
            <>
              <p role="status" className="visually-hidden">
                {t('overlay.count', { count: result.total })}
              </p>
              <ListingCards
                ref={gridRef}
                className={styles.grid}
                aria-label={t('overlay.title')}
                listings={cards}
                conditions={result?.filters.condition.values}
                eager={6}
              />
              <p className={styles.more}>
                {/* What the shopper typed last, even when its answer is still on its way. */}
                <AppLink to={searchPageUrl(searchableText(text) ?? search.query)} className={styles.moreLink}>
                  {t('overlay.viewMore')}
                </AppLink>
              </p>
            </>
          ) : null}
        </div>
      </div>
    </div>,
    document.body,
  );
}
