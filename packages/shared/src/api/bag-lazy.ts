// The bag and wishlist calls as the package exports them: each loads bag.ts on first use, so a page
// that only shows the bag count (the home page) does not download them (issue 10: JS on / must not
// grow). bag.ts is part of this package's build, so it shares the one store.
type Bag = typeof import('./bag');
const bag = () => import('./bag');

export const refreshBag: Bag['refreshBag'] = (...args) => bag().then((module) => module.refreshBag(...args));
export const addToBag: Bag['addToBag'] = (...args) => bag().then((module) => module.addToBag(...args));
export const removeFromBag: Bag['removeFromBag'] = (...args) => bag().then((module) => module.removeFromBag(...args));
export const getCheckout: Bag['getCheckout'] = (...args) => bag().then((module) => module.getCheckout(...args));
export const loadCheckout: Bag['loadCheckout'] = (...args) => bag().then((module) => module.loadCheckout(...args));
export const goToCheckout: Bag['goToCheckout'] = (...args) => bag().then((module) => module.goToCheckout(...args));
export const getWishlist: Bag['getWishlist'] = (...args) => bag().then((module) => module.getWishlist(...args));
export const toggleWishlist: Bag['toggleWishlist'] = (...args) => bag().then((module) => module.toggleWishlist(...args));
export const loadWishlistIds: Bag['loadWishlistIds'] = (...args) => bag().then((module) => module.loadWishlistIds(...args));
