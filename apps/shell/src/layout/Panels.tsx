import { bagOpenAtom, loginPanelAtom } from '@preloved/shared';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';

// The bag panel's chunk (its frame and the bag as the store holds it, a few KB) comes at the shopper's
// first touch or key anywhere, so an "Add to bag" finds it on its way or here (tap → bag with
// the piece took 650–900 ms at CPU 4×); it is not loaded with every page (the whole-page JS budget).
let bagPanelChunk: Promise<ComponentType> | null = null;
const loadBagPanel = () =>
  (bagPanelChunk ??= import('./BagPanel').then(
    (module) => module.BagPanel,
    (error: unknown) => {
      bagPanelChunk = null; // a chunk that did not come is asked for again at the next opening
      throw error;
    },
  ));
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
 * count comes from the store, so the home page needs none of it (JS on / must not grow).
 * Not a lazy component: one suspends on its first mount and React holds a suspended reveal back by
 * up to 300 ms; the panel shows the moment its chunk is here.
 */
function BagPanelOnDemand() {
  const open = useAtomValue(bagOpenAtom);
  const [BagPanel, setBagPanel] = useState<ComponentType | null>(null);
  useEffect(() => {
    // Only a press on something that opens the bag ("Add to bag", the header's bag): other code of
    // the page (the photo viewer's) comes as it did, alone.
    const early = (event: Event) => {
      if (event.target instanceof Element && event.target.closest('[data-opens-bag]')) void loadBagPanel().catch(() => undefined);
    };
    const options = { capture: true, passive: true } as const;
    window.addEventListener('pointerdown', early, options);
    return () => window.removeEventListener('pointerdown', early, options);
  }, []);
  useEffect(() => {
    if (!open || BagPanel) return;
    let live = true;
    loadBagPanel()
      .then((component) => live && setBagPanel(() => component))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [open, BagPanel]);
  return BagPanel ? <BagPanel /> : null;
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
