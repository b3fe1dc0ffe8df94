import { bagOpenAtom } from '@preloved/shared';
import { SidePanel } from '@preloved/ui';
import { useAtom } from 'jotai';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyRemoteBoundary } from '../federation/LazyRemoteBoundary';

/**
 * The bag panel's frame while the bag-checkout remote loads, is not deployed or failed: the bag
 * button still opens a panel that says so honestly (with a retry when it failed).
 */
function BagPanelFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useAtom(bagOpenAtom);
  return (
    <SidePanel
      open={open}
      onClose={() => setOpen(false)}
      title={t('panels.bagTitle')}
      closeLabel={t('header.cancel')}
    >
      {children}
    </SidePanel>
  );
}

/** The bag panel: the bag-checkout remote's, in its frame. */
export function BagPanel() {
  return (
    <LazyRemoteBoundary
      remote="bag-checkout"
      expose="BagPanel"
      frame={(content) => <BagPanelFrame>{content}</BagPanelFrame>}
    />
  );
}
