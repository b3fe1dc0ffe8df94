import { mount } from '../features/resell/mount-resell-widget';
import '../i18n';

/** `seller/mountResellWidget`: `mount(element, { reference, storeUrl, language }) => unmount`, for pages without React. */
export default mount;
export { RESELL_PARAM } from '../lib/resell-link';
