import '../i18n';

/** `bag-checkout/mountBagWidget`: `mount(element, options) => unmount`, for pages without React. */
export { mount, BAG_CHANGE_EVENT } from '../features/widget/mount-bag-widget';
