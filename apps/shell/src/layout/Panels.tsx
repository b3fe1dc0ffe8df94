import { bagOpenAtom, loginPanelAtom } from '@preloved/shared';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';

// Once its chunk is here the panel renders straight away: a lazy component suspends on every first
// mount, and React holds a suspended reveal back by up to 300 ms (issue 43: "Add to bag" → panel).
let loadedBagPanel: ComponentType | null = null;
const loadBagPanel = () =>
  import('./BagPanel').then((module) => {
    loadedBagPanel = module.BagPanel;
    return module;
  });
const BagPanel = lazy(async () => ({ default: (await loadBagPanel()).BagPanel }));
const LoginPanel = lazy(() =>
  import('../features/login/LoginPanel').then((module) => ({ default: module.LoginPanel })),
);

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

/**
 * The bag panel's code (the bag-checkout remote) loads the first time the bag opens: the header's
 * count comes from the store, so the home page needs none of it (issue 10: JS on / must not grow).
 */
function BagPanelOnDemand() {
  const open = useAtomValue(bagOpenAtom);
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);
  // The panel's own frame (a few KB) is fetched as soon as the page has hydrated, so the first "Add to
  // bag" opens it with the piece at once (issue 43: 900 ms at CPU 4× went to fetching it); the bytes
  // before hydration, which the page budget counts, do not change.
  useEffect(() => {
    const handle = window.setTimeout(() => void loadBagPanel().catch(() => undefined), 0);
    return () => window.clearTimeout(handle);
  }, []);
  if (!wanted) return null;
  const Loaded = loadedBagPanel;
  return Loaded ? (
    <Loaded />
  ) : (
    <Suspense fallback={null}>
      <BagPanel />
    </Suspense>
  );
}

/** The side panels every page can open: the bag (from the bag-checkout remote) and sign-in. */
export function Panels() {
  return (
    <>
      <BagPanelOnDemand />
      <LoginPanelOnDemand />
    </>
  );
}
