import { SearchBox } from '../features/box/SearchBox';
import '../i18n';

/** `search/SearchBox`: the header's search box and overlay, mounted by the shell's header slot. */
export default SearchBox;
