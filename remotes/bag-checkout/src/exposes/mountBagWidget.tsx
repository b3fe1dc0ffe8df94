import { mount } from '../features/widget/mount-bag-widget';
import '../i18n';

/** `bag-checkout/mountBagWidget`: `mount(element, options) => unmount`, for pages without React. */
export default mount;
export { BAG_CHANGE_EVENT } from '../features/widget/mount-bag-widget';
