import { MAX_INPUT_LENGTH, type SavedSearchFilters } from '@preloved/contract';
import { refusalCode, saveSearch } from '@preloved/shared';
import { Link } from '@preloved/shared/router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import styles from './SaveSearchButton.module.css';

export interface SaveSearchButtonProps {
  /** The search's words and filters, as the listings API reads them. */
  filters: SavedSearchFilters;
  /** The page it was saved from (path and query), where the mails and the account's list lead. */
  path: string;
  /** The name it gets (renamed in the account). */
  name: string;
}

/**
 * "Save this search" on /search and the filtered listing pages: a signed-in shopper
 * saves it at once and is told where it is kept; a visitor is asked to sign in, and it is saved then.
 */
export function SaveSearchButton({ filters, path, name }: SaveSearchButtonProps) {
  const { t } = useTranslation('common');
  const [state, setState] = useState<'idle' | 'busy' | 'saved'>('idle');
  const [error, setError] = useState<string | null>(null);
  // Another search (new words, another filter) can be saved too.
  useEffect(() => {
    setState('idle');
    setError(null);
  }, [path]);

  const save = async () => {
    setState('busy');
    setError(null);
    try {
      const saved = await saveSearch({ name: name.trim().slice(0, MAX_INPUT_LENGTH) || t('savedSearch.defaultName'), filters, path });
      setState(saved ? 'saved' : 'idle');
    } catch (caught) {
      const code = refusalCode(caught);
      setError(t(code === 'saved_search_limit' ? 'savedSearch.limit' : code === 'saved_search_empty' ? 'savedSearch.empty' : 'savedSearch.failed'));
      setState('idle');
    }
  };

  return (
    <div className={styles.save}>
      {state === 'saved' ? (
        <p className={styles.status} role="status">
          {t('savedSearch.saved')} <Link to="/user/saved-searches">{t('savedSearch.manage')}</Link>
        </p>
      ) : (
        <Button variant="secondary" onClick={() => void save()} busy={state === 'busy'} disabled={state === 'busy'}>
          {t('savedSearch.save')}
        </Button>
      )}
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
