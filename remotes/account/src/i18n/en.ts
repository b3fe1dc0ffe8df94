const en = {
  details: {
    title: 'Details',
    intro: 'The name and e-mail address of your second-hand account.',
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email address',
    save: 'Save changes',
    saved: 'Your details have been saved.',
    savedEmail: 'Your details have been saved. Other devices were signed out, and we told your previous address.',
    currentPassword: 'Current password',
    currentPasswordHint: 'To change your e-mail address, enter your current password.',
    memberSince: 'Member since {{date}}',
    verified: 'Verified seller',
  },
  security: {
    title: 'Security',
    intro: 'Change the password of your second-hand account. Other devices where you are signed in will be signed out.',
    currentPassword: 'Current password',
    newPassword: 'New password',
    confirmPassword: 'Confirm new password',
    save: 'Change password',
    saved: 'Your password has been changed.',
  },
  errors: {
    current_password_wrong: 'Your current password is not correct.',
    tooManyAttempts_one: 'Too many attempts. Try again in {{count}} minute.',
    tooManyAttempts_other: 'Too many attempts. Try again in {{count}} minutes.',
    generic: 'Something went wrong. Please try again.',
  },
  standalone: {
    title: 'Account pages (standalone)',
    signIn: 'Sign in',
    signOut: 'Sign out',
    email: 'Email address',
    password: 'Password',
    failed: 'Sign-in failed.',
    pages: 'Account pages',
  },
};
export default en;
export type AccountResources = typeof en;
