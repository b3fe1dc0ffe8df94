import { bagOpenAtom, loginPanelAtom } from '@preloved/shared';
import { SidePanel } from '@preloved/ui';
import { useAtom, useAtomValue } from 'jotai';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RemoteSlot } from '../../federation/RemoteSlot';
import { ComingSoon } from '../errors/ComingSoon';

const LoginPanel = lazy(() => import('../login/LoginPanel').then((module) => ({ default: module.LoginPanel })));

/**
 * The login panel's code loads the first time the panel opens, not with every page: most visits
 * never sign in. Once loaded it stays mounted, so it animates and restores focus as usual.
 */
function LoginPanelOnDemand() {
  const { mode } = useAtomValue(loginPanelAtom);
  const [wanted, setWanted] = useState(false);
  if (mode !== 'closed' && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <LoginPanel />
    </Suspense>
  ) : null;
}

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
      <LoginPanelOnDemand />
    </>
  );
}
