import { SEARCH_MAX_LENGTH } from '@preloved/contract';
import { closeSearchAtom, navigate, openSearchAtom, searchOverlayAtom, useCurrentLocation } from '@preloved/shared';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon, SearchIcon } from '@preloved/ui';
import styles from './SearchBox.module.css';
import { SearchOverlay } from './SearchOverlay';
import { searchPageUrl } from './search-url';
import { searchableText, submittableText, useSearch } from './use-search';

/** The query of the /search page at `pathname` + `search`, or null elsewhere. */
function pageQuery(pathname: string, search: string): string | null {
  if (pathname !== '/search') return null;
  return (new URLSearchParams(search).get('q') ?? '').slice(0, SEARCH_MAX_LENGTH);
}

/**
 * The header's search box and its overlay (spec §2, §4, §5). Typing more than 3 characters opens
 * the overlay while focus stays in the box; the mobile header's search button opens it with focus
 * inside. Arrow Down moves from the box to the first result; Escape closes and gives focus back.
 * Enter runs the search on /search whatever its length ("bag", "top"), and on /search the box shows
 * the page's query.
 */
export function SearchBox() {
  const { t } = useTranslation('search');
  const { pathname, search: locationSearch } = useCurrentLocation();
  const [text, setText] = useState(() => pageQuery(pathname, locationSearch) ?? '');
  const overlay = useAtomValue(searchOverlayAtom);
  // The overlay's results are asked for only while it is open (the box also holds /search's query).
  const search = useSearch(overlay.open ? text : '');
  const openSearch = useSetAtom(openSearchAtom);
  const closeSearch = useSetAtom(closeSearchAtom);
  const inputRef = useRef<HTMLInputElement>(null);
  const [focusFirstResult, setFocusFirstResult] = useState(false);
  const inputId = useId();
  const dialogId = useId();

  // Any navigation (a result, "View more", a link elsewhere) closes the overlay. Not the first
  // render: on a slow connection the phone's search button can be tapped before this remote has
  // loaded, and the overlay it asked for must open when the box arrives.
  const location = `${pathname}${locationSearch}`;
  const shownAt = useRef(location);
  useEffect(() => {
    if (shownAt.current === location) return;
    shownAt.current = location;
    closeSearch();
  }, [location, closeSearch]);

  // /search's query in the box (a reload, Back, a "View more"); leaving /search empties it.
  const shownQuery = pageQuery(pathname, locationSearch);
  const onSearchPage = shownQuery !== null;
  useEffect(() => {
    if (shownQuery !== null) setText(shownQuery);
  }, [shownQuery]);
  const wasOnSearchPage = useRef(onSearchPage);
  useEffect(() => {
    if (wasOnSearchPage.current && !onSearchPage) setText('');
    wasOnSearchPage.current = onSearchPage;
  }, [onSearchPage]);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value.slice(0, SEARCH_MAX_LENGTH);
    setText(value);
    setFocusFirstResult(false);
    if (searchableText(value) !== null) {
      if (!overlay.open) openSearch('typing');
    } else if (overlay.open && overlay.via === 'typing') {
      // Too short: the results are cleared, and an overlay the typing opened has nothing to show.
      closeSearch();
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Any word runs the search on /search: the more-than-3 rule is the overlay's, for typing.
    const query = submittableText(text);
    // After the event: a navigation (a transition) started inside a submit handler makes React treat
    // the form as an action form and build FormData from it.
    if (query !== null) {
      queueMicrotask(() => void navigate(searchPageUrl(query)));
      // Already on that page: no navigation closes the overlay, so Enter does.
      if (query === shownQuery?.trim()) closeSearch();
    }
  };

  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && searchableText(text) !== null) {
      event.preventDefault();
      if (!overlay.open) openSearch('typing');
      setFocusFirstResult(true);
    }
  };

  /** Our own clear button (the browser's little cross is hidden): empties the box and keeps focus in the field. */
  const clear = (field: HTMLInputElement | null) => {
    setText('');
    setFocusFirstResult(false);
    if (overlay.open && overlay.via === 'typing') closeSearch();
    field?.focus();
  };

  const onFirstResultFocused = useCallback(() => setFocusFirstResult(false), []);

  /** Escape, the close button or the backdrop: the overlay closes and focus goes back where the shopper was. */
  const dismiss = useCallback(
    (opener: HTMLElement | null) => {
      closeSearch();
      const input = inputRef.current;
      // The header box, unless the mobile button opened the overlay: then the box is hidden and the button gets focus back.
      if (overlay.via === 'typing' || !opener || opener === input) input?.focus();
      else opener.focus();
    },
    [closeSearch, overlay.via],
  );

  return (
    <>
      <form role="search" className={styles.box} onSubmit={submit} aria-label={t('box.label')}>
        <label htmlFor={inputId} className="visually-hidden">
          {t('box.label')}
        </label>
        <SearchIcon size={20} className={styles.icon} />
        <input
          id={inputId}
          ref={inputRef}
          className={styles.input}
          type="search"
          role="combobox"
          aria-expanded={overlay.open}
          aria-haspopup="dialog"
          aria-controls={overlay.open ? dialogId : undefined}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={SEARCH_MAX_LENGTH}
          placeholder={t('box.placeholder')}
          value={text}
          onChange={onChange}
          onKeyDown={onInputKeyDown}
        />
        {text ? (
          <button type="button" className={styles.clear} onClick={() => clear(inputRef.current)} aria-label={t('box.clear')}>
            <CloseIcon size={16} />
          </button>
        ) : null}
      </form>
      {overlay.open ? (
        <SearchOverlay
          id={dialogId}
          via={overlay.via}
          text={text}
          onTextChange={onChange}
          onSubmit={submit}
          onClear={clear}
          search={search}
          focusFirstResult={focusFirstResult}
          onFirstResultFocused={onFirstResultFocused}
          onDismiss={dismiss}
          inputRef={inputRef}
        />
      ) : null}
    </>
  );
}
