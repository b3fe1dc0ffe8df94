// The shell's navigation in one place: the header, the mobile menu and the /user frame use these.
export { CATEGORY_LINKS, USER_LINKS, CHECKOUT_PATHS } from './links';
export { useAccountActions } from './use-account-actions';
export { useSignOut } from './use-sign-out';
export { UserLinks } from './UserLinks';
