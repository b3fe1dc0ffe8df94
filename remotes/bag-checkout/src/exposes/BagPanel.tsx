import { BagPanel } from '../features/panel/BagPanel';
import '../i18n';

/** `bag-checkout/BagPanel`: the shopping bag side panel, mounted by the shell when it first opens. */
export default BagPanel;
