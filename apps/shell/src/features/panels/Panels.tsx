import { bagOpenAtom } from '@preloved/shared';
import { SidePanel } from '@preloved/ui';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { RemoteSlot } from '../../federation/RemoteSlot';
import { ComingSoon } from '../errors/ComingSoon';
import { LoginPanel } from '../login/LoginPanel';

/** Shown while the bag-checkout remote is not deployed: the bag button still answers honestly. */
function BagPanelFallback() {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useAtom(bagOpenAtom);
  return (
    <SidePanel open={open} onClose={() => setOpen(false)} title={t('panels.bagTitle')} closeLabel={t('header.cancel')}>
      <ComingSoon />
    </SidePanel>
  );
}

/** The side panels every page can open: the bag (from the bag-checkout remote) and sign-in. */
export function Panels() {
  return (
    <>
      <RemoteSlot remote="bag-checkout" expose="BagPanel" fallback={<BagPanelFallback />} />
      <LoginPanel />
    </>
  );
}
