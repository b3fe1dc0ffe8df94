import { bagOpenAtom, cartAtom, formatMoney } from '@preloved/shared';
import { SidePanel, useListingText } from '@preloved/ui';
import { useAtom, useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyRemoteBoundary } from '../federation/LazyRemoteBoundary';
import styles from './BagPanel.module.css';

/**
 * The bag panel's frame while the bag-checkout remote loads, is not deployed or failed: the bag
 * button still opens a panel that says so honestly (with a retry when it failed). Titled with the
 * count as the remote's panel is, so the panel does not change its name when the remote arrives.
 */
function BagPanelFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useAtom(bagOpenAtom);
  const count = useAtomValue(cartAtom).length;
  return (
    <SidePanel open={open} onClose={() => setOpen(false)} title={t('panels.bagTitleCount', { count })} closeLabel={t('header.cancel')}>
      {children}
    </SidePanel>
  );
}

/**
 * What the panel shows until the bag-checkout remote has loaded ("Add to bag" opened an
 * empty frame for 650 ms on a phone while the remote's code came): the bag's lines as the store
 * already holds them — the piece just added among them — by title, size and price.
 */
function BagLinesPreview() {
  const { t, i18n } = useTranslation('shell');
  const lines = useAtomValue(cartAtom);
  const { sizeLabel } = useListingText();
  return (
    <ul className={styles.preview} aria-label={t('panels.bagLines')} aria-busy="true">
      {lines.map((line) => (
        <li key={line.listing_id} className={styles.line}>
          {line.photo ? <img className={styles.photo} src={line.photo} alt="" width={56} height={70} decoding="async" /> : <span className={styles.photo} />}
          <span className={styles.text}>
            <strong>{line.title}</strong>
            <span>{sizeLabel(line.options.O2Child)}</span>
          </span>
          <span className={styles.price}>{formatMoney(line.price, i18n.language, { currency: line.currency_symb_code })}</span>
        </li>
      ))}
    </ul>
  );
}

/** The bag panel: the bag-checkout remote's, in its frame. */
export function BagPanel() {
  return (
    <LazyRemoteBoundary
      remote="bag-checkout"
      expose="BagPanel"
      skeleton={<BagLinesPreview />}
      frame={(content) => <BagPanelFrame>{content}</BagPanelFrame>}
    />
  );
}
