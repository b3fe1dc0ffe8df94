import { useId, type ReactNode } from 'react';
import styles from './SidePanel.module.css';
import { useModalDialog } from './use-modal-dialog';

export interface SidePanelProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  closeLabel: string;
  side?: 'right' | 'left';
  /** Shown above the title row, e.g. a back button of a sub-panel. */
  before?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * The side panel of the bag, the login panel and the mobile menu: 450 px wide (spec §2), a
 * full-width sheet on phones, modal with focus kept inside and returned on close.
 */
export function SidePanel({ open, onClose, title, closeLabel, side = 'right', before, footer, children }: SidePanelProps) {
  const ref = useModalDialog(open, onClose);
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      className={`${styles.dialog} ${side === 'left' ? styles.left : ''}`}
      aria-labelledby={titleId}
    >
      {open ? (
        <>
          <div className={styles.head}>
            {before}
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            <button type="button" className={styles.close} onClick={onClose} aria-label={closeLabel}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <div className={styles.body}>{children}</div>
          {footer ? <div className={styles.footer}>{footer}</div> : null}
        </>
      ) : null}
    </dialog>
  );
}
