import type { BagLine } from '@preloved/contract';
import {
  bagOpenAtom,
  cartAtom,
  AppLink,
  goToCheckout,
  loadWishlistIds,
  navigate,
  refreshBag,
  removeFromBag,
  useCurrentLocation,
} from '@preloved/shared';
import { Button, buttonClassName, EmptyState, SidePanel } from '@preloved/ui';
import { useAtom, useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BagLineItem } from '../../components/BagLineItem';
import { BagTotal } from '../../components/BagTotal';
import styles from './BagPanel.module.css';

/** The pages that reload when the last item leaves the bag (spec §4). */
const CHECKOUT_PAGES = ['/checkout', '/review'];

/**
 * The shopping bag panel (spec §2): a 450 px side panel (a full-width sheet on phones) titled with
 * the item count, its lines, the total in euros (taxes not included), "continue shopping" and "go to
 * checkout"; an empty bag offers "start shopping". Opening it reads the bag again (a signed-in
 * customer's server bag, a visitor's ids priced by the API), so a line sold meanwhile shows as
 * unavailable and a changed price as it is now.
 */
export function BagPanel() {
  const { t } = useTranslation('bag');
  const [open, setOpen] = useAtom(bagOpenAtom);
  const lines = useAtomValue(cartAtom);
  const { pathname } = useCurrentLocation();
  const [removing, setRemoving] = useState<number | null>(null);
  const [checkingOut, setCheckingOut] = useState(false);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    // Stale data is still worth showing; a failure here leaves the stored bag as it was.
    refreshBag(controller.signal).catch(() => undefined);
    loadWishlistIds().catch(() => undefined);
    return () => controller.abort();
  }, [open]);

  const close = () => setOpen(false);

  const remove = async (line: BagLine) => {
    setRemoving(line.listing_id);
    try {
      const left = await removeFromBag(line);
      if (left.length === 0) {
        close();
        // Spec §4: on /checkout or /review the page reloads.
        if (CHECKOUT_PAGES.includes(pathname)) window.location.reload();
      }
    } catch {
      // The API client's error catalogue has said what went wrong; the line stays.
    } finally {
      setRemoving(null);
    }
  };

  const checkout = async () => {
    setCheckingOut(true);
    try {
      const result = await goToCheckout();
      if (result.next === 'checkout') await navigate('/checkout');
    } catch {
      // As above: the failure was shown; the bag stays open.
    } finally {
      setCheckingOut(false);
    }
  };

  const empty = lines.length === 0;
  return (
    <SidePanel
      open={open}
      onClose={close}
      title={t('panel.title', { count: lines.length })}
      closeLabel={t('panel.close')}
      footer={
        empty ? undefined : (
          <>
            <BagTotal classes={styles} />
            <div className={styles.buttons}>
              <Button block onClick={() => void checkout()} busy={checkingOut} disabled={checkingOut}>
                {t('panel.goToCheckout')}
              </Button>
              <Button variant="secondary" block onClick={close}>
                {t('panel.continueShopping')}
              </Button>
            </div>
          </>
        )
      }
    >
      {empty ? (
        <EmptyState
          title={t('panel.emptyTitle')}
          action={
            <AppLink to="/all" className={buttonClassName('primary')} onClick={close}>
              {t('panel.startShopping')}
            </AppLink>
          }
        >
          <p>{t('panel.emptyText')}</p>
        </EmptyState>
      ) : (
        <ul className={styles.lines} aria-label={t('panel.lines')}>
          {lines.map((line) => (
            <BagLineItem key={line.listing_id} line={line} onRemove={(l) => void remove(l)} removing={removing === line.listing_id} onNavigate={close} />
          ))}
        </ul>
      )}
    </SidePanel>
  );
}
