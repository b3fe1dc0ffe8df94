import type { ReportTarget } from '@preloved/contract';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './ReportButton.module.css';

// The dialog and its form load only when a shopper opens it: the product page's first load stays as it was.
const ReportDialog = lazy(() => import(/* webpackChunkName: "report-dialog" */ '@preloved/ui/report'));

/**
 * "Report this listing" / "Report this seller" (DSA Art. 16): a quiet link-like button for anyone,
 * signed in or not, that opens the report dialog.
 */
export function ReportButton({ target, id }: { target: ReportTarget; id: number }) {
  const { t } = useTranslation('catalog');
  const [open, setOpen] = useState(false);
  // The dialog's first control takes focus as it mounts (after a lazy load), so focus is given back here.
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={button} type="button" className={styles.button} onClick={() => setOpen(true)} aria-haspopup="dialog">
        {t(`report.${target}`)}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ReportDialog target={target} id={id} onClose={() => {
            setOpen(false);
            button.current?.focus();
          }} />
        </Suspense>
      ) : null}
    </>
  );
}
