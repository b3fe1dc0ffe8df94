// Strings used by more than one app: the error codes (the API's `code`, and the field keys of
// validation, spec §5), the error catalogue, and generic words.
import { COLOUR_NAMES, type ErrorCode } from '@preloved/contract';

// The one catalogue of error codes for every app (`validation`: each code the API can answer, and each
// field key of validation, by @preloved/contract's ERROR_CODES) is not here: its English sentences
// are the contract's (the API sends the same ones as `message`), registered with the page's router
// (./errors.en.ts), not in the first load. Translate a code with errorText (../api/refusal).
const en = {
  errors: {
    unexpected: 'Unexpected Application Error!',
    remoteFailed: 'This part of the store could not be loaded.',
    retry: 'Try again',
    backHome: 'Back to the home page',
    network: 'We could not reach the store. Check your connection and try again.',
    generic: 'Something went wrong. Please try again.',
    tooManyAttempts_one: 'Too many attempts. Try again in {{count}} minute.',
    tooManyAttempts_other: 'Too many attempts. Try again in {{count}} minutes.',
  },
  // The standalone frame of a remote (pnpm --filter @preloved/<remote> dev), a developer's tool.
  standalone: {
    apiDown: 'The store’s API cannot be reached.',
    apiDownText:
      'This page reads its data from the API (/api), and nothing answers there. Run this remote with its dev script, which starts the API when none is running, or start the API yourself, or point API_URL at a running store; then try again.',
    apiDownCommands:
      'pnpm --filter @preloved/{{remote}} dev\npnpm --filter @preloved/api dev\nAPI_URL=http://localhost:4000 pnpm --filter @preloved/{{remote}} dev',
  },
  common: {
    loading: 'Loading…',
    close: 'Close',
    back: 'Back',
    comingSoon: 'Coming soon',
    comingSoonText: 'This part of the store is being built. Meanwhile, have a look at what is already here.',
    browseAll: 'Browse all items',
  },
  // The 6-digit code of a mail that proves an e-mail address (@preloved/ui's EmailCodeForm).
  emailCode: {
    label: 'Code from the e-mail',
    hint: 'The 6 digits in the e-mail we sent you.',
    confirm: 'Confirm',
    resend: 'Send the code again',
    resent: 'We have sent you a new code. Check your inbox.',
    confirmed: 'Your e-mail address is confirmed.',
  },
  countdown: {
    time: '{{days}}d {{clock}}',
    expiresIn: 'Expires in {{time}}',
    expired: 'Expired',
    days: 'Days',
    hours: 'Hours',
    minutes: 'Minutes',
    left: 'Time left: {{time}}',
  },
  savedSearch: {
    save: 'Save this search',
    saved: 'Search saved: we will tell you about new pieces.',
    manage: 'See your saved searches',
    defaultName: 'My search',
    limit: 'You have 20 saved searches: delete one in your account to save another.',
    empty: 'Choose a search or a filter first.',
    failed: 'The search was not saved. Please try again.',
  },
  wishlist: {
    add: 'Save {{title}} to your wishlist',
    remove: 'Remove {{title}} from your wishlist',
  },
  // Money out of the account: the step-up dialog and frozen payouts (packages/ui).
  stepUp: {
    title: 'For your safety, confirm it’s you',
    passwordText: 'Enter your password to move money out of your account. It counts for the next 10 minutes on this device.',
    password: 'Password',
    useCode: 'No password? E-mail me a code instead',
    codeText: 'We e-mail you a 6-digit code to confirm it’s you. It counts for the next 10 minutes on this device.',
    sendCode: 'E-mail me a code',
    codeSent: 'We sent a 6-digit code to your e-mail address. Type it here: it may take a minute to arrive.',
    proven: 'Thank you: it’s you.',
    confirm: 'Confirm',
    cancel: 'Cancel',
  },
  payouts: {
    frozenTitle: 'Payouts are frozen',
    frozenText: 'A change to your payouts was reported as not yours, so no money leaves your wallet. Reset your password by e-mail to release them.',
    sendReset: 'E-mail me a password reset link',
    resetSent: 'We sent a password reset link to {{email}}. Choose a new password there, and payouts start again.',
    confirmEmail: 'Confirm my e-mail address',
  },
  // The catalogue's words, shared by every page that shows listings (catalog, search, bag).
  // The store's entries in a buyer–seller conversation (the piece's events): the shopper's pages and the back office's reader.
  threadEvents: {
    offer_made: 'An offer of {{amount}} was made.',
    offer_countered: 'The seller answered with a counter-offer of {{amount}}.',
    offer_accepted: 'The offer of {{amount}} was accepted.',
    offer_declined: 'The offer of {{amount}} was declined.',
    counter_declined: 'The counter-offer of {{amount}} was declined.',
    offer_withdrawn: 'The offer of {{amount}} was withdrawn.',
    sold: 'Sold.',
    shipped: 'Shipped.',
    delivered: 'Delivered.',
  },
  catalogue: {
    count_one: '{{count}} item',
    count_zero: '{{count}} items',
    count_other: '{{count}} items',
    newArrivals: 'See new arrivals',
    filters: {
      button: 'Filters',
      buttonActive: 'Filters ({{count}})',
      gender: 'Gender',
      genders: { all: 'All', women: 'Women', men: 'Men' },
      size: 'Size',
      colour: 'Colour',
      condition: 'Condition',
      price: 'Price (€)',
      minPrice: 'Minimum',
      maxPrice: 'Maximum',
      applyPrice: 'Apply price',
      clear: 'Clear filters',
      clearAll: 'Clear all',
      close: 'Close filters',
      active: 'Chosen filters',
      remove: 'Remove filter: {{name}}',
      priceFrom: 'From {{price}}',
      priceTo: 'Up to {{price}}',
      show_one: 'Show {{count}} result',
      show_other: 'Show {{count}} results',
    },
    sort: { label: 'Sort by', price_asc: 'Price: low to high', price_desc: 'Price: high to low', newest: 'Newest first', relevance: 'Relevance' },
    pagination: { label: 'Pages', previous: 'Previous', next: 'Next', page: 'Page {{page}}' },
    card: {
      size: 'Size {{size}}',
      options: '{{colour}} · Size {{size}}',
      oneSize: 'One size',
      sizeRange: 'Sizes {{from}}–{{to}}',
      titleWithColour: '{{title}}, {{colour}}',
      conditions_one: '{{count}} condition',
      conditions_other: '{{count}} conditions',
      colours_one: '{{count}} colour',
      colours_other: '{{count}} colours',
      // Brand Direct (issue 48): the card's pieces are the brand's own, or some of them are.
      soldByBrand: 'Sold by {{brand}}',
      alsoByBrand: 'Also sold by {{brand}}',
    },
    // Sizes with a name (the catalogue's "One size"); letters and numbers are shown as they are.
    sizes: { 'One size': 'One size' },
    // Category names by id (the API answers the catalogue's English name).
    categories: { '6': 'Clothing', '7': 'Bags', '11': 'Accessories' },
    conditions: { '1': 'New with tags', '2': 'Like new', '3': 'Very good', '4': 'Good', '5': 'Fair' },
    colours: COLOUR_NAMES.en,
  },
};
export default en;
/** The shared namespace as the pages read it: these words and the error catalogue. */
export type CommonResources = typeof en & { validation: Record<ErrorCode, string> };
