import { BagWidget } from '../features/widget/BagWidget';
import '../i18n';

/** `bag-checkout/BagWidget`: the bag widget for a React host (the main shop uses ./mountBagWidget). */
export default BagWidget;
