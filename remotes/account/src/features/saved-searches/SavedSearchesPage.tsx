import { MAX_INPUT_LENGTH, type SavedSearch, type SavedSearchList } from '@preloved/contract';
import { deleteSavedSearch, getSavedSearches, refusalCode, updateSavedSearch, useToast } from '@preloved/shared';
import { hasSession, Link, type LoaderFunctionArgs, usePageData, useReloadOnSignIn } from '@preloved/shared/router';
import { Button, ConfirmDialog, EmptyState, Field, PageSkeleton, buttonClassName } from '@preloved/ui';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../../components/AccountPage.module.css';
import cards from '../../components/CardList.module.css';
import page from './SavedSearchesPage.module.css';

export async function savedSearchesLoader({ request }: LoaderFunctionArgs): Promise<SavedSearchList | null> {
  return hasSession() ? getSavedSearches(request.signal) : null;
}

/**
 * /user/saved-searches: the searches a shopper saved with "Save this search",
 * each told of new pieces in the notifications and by one digest mail a day; renamed, paused and
 * deleted here.
 */
export function SavedSearchesPage() {
  const data = usePageData<SavedSearchList | null>();
  const { t } = useTranslation('account');
  const [searches, setSearches] = useState<SavedSearch[] | null>(data?.searches ?? null);
  useReloadOnSignIn(Boolean(data));
  useEffect(() => setSearches(data?.searches ?? null), [data]);
  useEffect(() => {
    document.title = `${t('savedSearches.title')} — Preloved`;
  }, [t]);

  if (!searches) return <PageSkeleton label={t('savedSearches.title')} />;
  const replace = (next: SavedSearch) => setSearches((list) => (list ?? []).map((search) => (search.id === next.id ? next : search)));
  const remove = (id: number) => setSearches((list) => (list ?? []).filter((search) => search.id !== id));
  return (
    <section className={styles.page} aria-labelledby="saved-searches-title">
      <h2 id="saved-searches-title" className={styles.title}>
        {t('savedSearches.title')}
      </h2>
      <p className={styles.intro}>{t('savedSearches.intro')}</p>
      {searches.length === 0 ? (
        <EmptyState
          title={t('savedSearches.emptyTitle')}
          action={
            <Link to="/all" className={buttonClassName('primary')}>
              {t('savedSearches.browse')}
            </Link>
          }
        >
          <p>{t('savedSearches.emptyText')}</p>
        </EmptyState>
      ) : (
        <ul className={cards.list} aria-label={t('savedSearches.listLabel')}>
          {searches.map((search) => (
            <SavedSearchItem key={search.id} search={search} onChange={replace} onDelete={() => remove(search.id)} />
          ))}
        </ul>
      )}
    </section>
  );
}

function SavedSearchItem({ search, onChange, onDelete }: { search: SavedSearch; onChange: (search: SavedSearch) => void; onDelete: () => void }) {
  const { t } = useTranslation('account');
  const toast = useToast();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(search.name);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const wasRenaming = useRef(false);
  // Focus goes back to "Rename" when the form closes (saved or cancelled).
  useEffect(() => {
    if (wasRenaming.current && !renaming) renameButton.current?.focus();
    wasRenaming.current = renaming;
  }, [renaming]);

  const failed = (caught: unknown) => {
    const code = refusalCode(caught);
    toast.error(t(code === 'saved_search_not_found' ? 'savedSearches.gone' : 'savedSearches.failed'));
  };

  const rename = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError(t('savedSearches.nameRequired'));
      return;
    }
    setBusy(true);
    try {
      onChange(await updateSavedSearch(search.id, { name: trimmed }));
      setRenaming(false);
      toast.success(t('savedSearches.renamed'));
    } catch (caught) {
      failed(caught);
    } finally {
      setBusy(false);
    }
  };

  const togglePause = async () => {
    setBusy(true);
    try {
      const next = await updateSavedSearch(search.id, { paused: !search.paused });
      onChange(next);
      toast.success(t(next.paused ? 'savedSearches.pausedToast' : 'savedSearches.resumedToast'));
    } catch (caught) {
      failed(caught);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setConfirming(false);
    setBusy(true);
    try {
      await deleteSavedSearch(search.id);
      onDelete();
      toast.success(t('savedSearches.deleted'));
    } catch (caught) {
      setBusy(false);
      failed(caught);
    }
  };

  return (
    <li className={cards.item}>
      <h2 className={cards.name}>
        <Link to={search.path}>{search.name}</Link>
      </h2>
      <p className={cards.meta}>
        {search.paused ? t('savedSearches.paused') : search.new_pieces > 0 ? t('savedSearches.newPieces', { count: search.new_pieces }) : t('savedSearches.watching')}
      </p>
      {renaming ? (
        <form className={page.rename} onSubmit={rename} noValidate>
          <Field
            label={t('savedSearches.nameLabel', { name: search.name })}
            value={name}
            onChange={(value) => {
              setName(value);
              setError(null);
            }}
            error={error}
            maxLength={MAX_INPUT_LENGTH}
            autoFocus
          />
          <Button type="submit" disabled={busy}>
            {t('savedSearches.save')}
          </Button>
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              setName(search.name);
              setError(null);
              setRenaming(false);
            }}
          >
            {t('savedSearches.cancel')}
          </Button>
        </form>
      ) : (
        <div className={page.actions}>
          <button
            ref={renameButton}
            type="button"
            className={buttonClassName('secondary')}
            disabled={busy}
            onClick={() => setRenaming(true)}
            aria-label={t('savedSearches.renameOf', { name: search.name })}
          >
            {t('savedSearches.rename')}
          </button>
          <Button variant="secondary" disabled={busy} onClick={togglePause} aria-label={t(search.paused ? 'savedSearches.resumeOf' : 'savedSearches.pauseOf', { name: search.name })}>
            {t(search.paused ? 'savedSearches.resume' : 'savedSearches.pause')}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => setConfirming(true)} aria-label={t('savedSearches.deleteOf', { name: search.name })}>
            {t('savedSearches.delete')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('savedSearches.confirmTitle', { name: search.name })}
        confirmLabel={t('savedSearches.delete')}
        cancelLabel={t('savedSearches.cancel')}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      >
        {t('savedSearches.confirmText')}
      </ConfirmDialog>
    </li>
  );
}
