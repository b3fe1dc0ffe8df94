// The words of every mail the store sends, in English (the fallback). `{{name}}` is filled in by
// `mailText`; the Portuguese catalogue (mail-texts.pt.ts) has the same keys and placeholders, and a
// test fails when one is missing or empty.
import { COLOUR_NAMES } from '@preloved/contract';

const en = {
  common: {
    hello: 'Hello {{name}},',
    helloAnyone: 'Hello,',
    signature: 'Preloved',
  },
  catalogue: {
    colours: COLOUR_NAMES.en,
    oneSize: 'One size',
    pieces: '{{count}} pieces',
  },
  order: {
    subject: 'Your Preloved order {{number}}',
    thanks: 'Thank you for your order {{number}}, placed on {{date}}.',
    subtotal: 'Subtotal: {{amount}}',
    processing: 'Processing: {{amount}}',
    verification: 'Verification: {{amount}}',
    shipping: 'Shipping: {{amount}}',
    delivery: 'Delivery: {{amount}}',
    discount: 'Discount: -{{amount}}',
    total: 'Total: {{amount}}',
    toPickupPoint: 'Delivery to the pickup point {{name}}, {{address}}.',
    toAddress: 'Delivery to {{name}}, {{address}}.',
    nextOne: 'What happens next: the seller ships within 5 business days, by {{date}}. We send you the tracking number as soon as it is shipped.',
    nextMany: 'What happens next: each of the {{count}} sellers ships their package within 5 business days, by {{date}}. We send you the tracking number as soon as it is shipped.',
    claim: 'To follow this order in an account, create one with this e-mail address and open: {{link}}',
    follow: 'You can follow it at {{link}}',
  },
  // The shipping label PDF attached to a sale mail (orders/shipping-label.ts), in the seller's language.
  label: {
    title: 'Shipping label {{number}}-{{package}}',
    order: 'Order {{number}} · package {{package}}',
    shipBy: 'Ship by {{date}}',
    deliverTo: 'DELIVER TO',
    pickupPoint: 'Pickup point: {{name}}',
    phone: 'Phone {{phone}}',
    from: 'From: {{name}} (Preloved seller)',
    contents: 'Contents:',
    more: 'and {{count}} more',
  },
  sale: {
    subject: 'You sold {{what}} — ship by {{date}}',
    soldOne: 'Good news: a piece of yours has sold in order {{number}}.',
    soldMany: 'Good news: pieces of yours have sold in order {{number}}.',
    shipWithLabel: 'Please ship the package by {{date}} (5 business days). The shipping label is attached: print it and stick it on the package.',
    shipWithoutLabel: 'Please ship the package by {{date}} (5 business days). The shipping label could not be attached: ask for it again from your sales in your account.',
    markShipped: 'When it is on its way, mark the sale shipped with its tracking number in your account.',
    shipWithCarrierLabel: 'Please ship the package by {{date}} (5 business days). Its prepaid label is ready in your sales, in your account: download it, print it and stick it on the package.',
    carrierScans: 'Hand it to the carrier: the sale counts as shipped at its first scan, with no number to type.',
  },
  // A package on its way, to the buyer, one per package, with the pieces it holds.
  shipped: {
    subject: 'Your order {{number}} is on its way',
    subjectPackage: 'Part of your order {{number}} is on its way',
    whole: '{{seller}} has shipped your order {{number}}:',
    package: '{{seller}} has shipped their package of your order {{number}}:',
    tracking: 'Carrier: {{carrier}}. Tracking number: {{tracking}}.',
    follow: 'Follow it on the carrier’s page: {{link}}',
    others: 'The other sellers of this order ship their own packages; you get a mail for each.',
    order: 'Your order: {{link}}',
  },
  shipReminder: {
    subject: 'Reminder: ship order {{number}} by {{date}}',
    notShipped: 'Your sale in order {{number}} is not marked shipped yet. Please ship it by {{date}}.',
    deadline: 'If nothing of the order is shipped by then, the order is cancelled and the buyer refunded in full.',
    sales: 'Your sales, with the label and "Mark as shipped": {{link}}',
  },
  // An order cancelled before it shipped (orders/order-cancellation.ts), to the buyer and its sellers.
  cancellation: {
    subject: 'Order {{number}} is cancelled',
    buyer: 'Order {{number}} was cancelled at the buyer’s request.',
    seller: 'Order {{number}} was cancelled by the seller.',
    ship_by: 'Order {{number}} was cancelled because it was not shipped by its ship-by date.',
    refund: 'The buyer is refunded {{amount}} to the original payment method, and the sale’s credit is taken back from the seller’s wallet. Nothing needs to be shipped.',
    pieceSubject: 'Order {{number}}: a piece is cancelled',
    piece: 'The seller could not ship “{{title}}” of order {{number}} and cancelled it. The buyer is refunded {{amount}} to the original payment method, and the piece’s credit is taken back from the seller’s wallet.',
    pieceWasLast: 'It was the last piece of the order, so the order is cancelled.',
    pieceRestGoesOn: 'The rest of the order goes ahead as before.',
  },
  // The payment provider's word is final (payments/provider-events.ts): a refund or a chargeback made at the provider.
  provider: {
    refundedSubject: 'Order {{number}}: a refund was made',
    refundedOrder: 'Order {{number}} was refunded in full through the payment provider ({{amount}}), so it is cancelled. The sale’s credit is taken back from the seller’s wallet. Nothing needs to be shipped.',
    refundedLines: '{{amount}} of order {{number}} was refunded through the payment provider, for: {{titles}}. Their credit is taken back from the seller’s wallet; the rest of the order goes ahead.',
    refundUnmatched: 'A refund of {{amount}} of order {{number}} was made at the payment provider that matches no piece of the order. Nothing was changed in the store: please look into it.',
    disputeSubject: 'Order {{number}}: the buyer’s bank disputes the payment',
    disputeOpened: 'The buyer’s bank disputes the payment of order {{number}} ({{amount}}). The sale’s credit that is not released yet is on hold until the dispute is decided.',
    disputeForSupport: 'Dispute {{dispute}}: answer it with the order’s evidence (tracking, messages) in the payment provider’s dashboard.',
    disputeClosedSubject: 'Order {{number}}: the dispute is decided',
    disputeWon: 'The dispute of order {{number}} was decided for the sale: its credit is available in the seller’s wallet.',
    disputeLost: 'The dispute of order {{number}} was decided for the buyer: their bank gave them {{amount}} back, and the sale’s credit is taken back from the seller’s wallet. If it was already paid out, the wallet owes it, and the next sales repay it.',
  },
  // The buyer's protection (orders/order-protection.ts): a reported problem, to its sellers and support, and its outcome.
  problem: {
    subject: 'A problem was reported with order {{number}}',
    reported: 'The buyer of order {{number}} reported a problem:',
    onHold: 'The money from this sale is on hold until our support team has looked into it. We will write to you.',
    forSupport: 'Buyer: {{email}}. Resolve it with POST /api/operator/orders/{id}/resolve (refund or release).',
    resolvedSubject: 'Order {{number}}: the problem is resolved',
    refunded: 'We have looked into the problem reported with order {{number}}: the buyer is refunded {{amount}} to their card, and the sale’s credit is taken back from the seller’s wallet.',
    released: 'We have looked into the problem reported with order {{number}}: the sale stands, and its credit is now available in the seller’s wallet.',
  },
  // A payout IBAN changed or to confirm (payouts/payout-changes.ts), to the account's owner.
  payout: {
    changedSubject: 'How you are paid by Preloved was changed',
    changed: 'The IBAN Preloved transfers your credit to is now {{iban}}.',
    changedNoIban: 'Your Preloved account no longer has an IBAN.',
    methodBank: 'Your sales are now paid by bank transfer.',
    methodWallet: 'Your sales are now paid into your Preloved wallet.',
    methodStripe: 'Your sales are now paid to your Stripe account, as each is released.',
    held: 'For your safety, transfers to this IBAN are made only from {{date}}.',
    notYou: 'If this was not you, open this link: it freezes every payout and signs out every device until you reset your password.',
  },
  // Proofs of an e-mail (customers/email-proofs.ts): a 6-digit code, sometimes a link.
  proofs: {
    code: 'Your code: {{code}}',
    link: 'Or open this link:',
    validMinutes: 'The code works once, for {{minutes}} minutes.',
    validDays: 'The code and the link work once, for {{days}} days.',
    notYou: 'If you did not ask for this, ignore this e-mail: nothing changes.',
    verify: {
      subject: 'Confirm your e-mail for Preloved',
      intro: 'Welcome to Preloved. Confirm that this e-mail address is yours, so you can add guest orders to your account, receive payouts and use first-order codes.',
    },
    claim_orders: {
      subject: 'Your code to add your guest orders',
      intro: 'You asked to add the orders you placed as a guest with this e-mail address to your Preloved account. Type this code where you asked:',
    },
    step_up: {
      subject: 'Your Preloved security code',
      intro: 'To move money out of your Preloved account or change how you are paid, type this code where you asked:',
    },
    guest_checkout: {
      subject: 'Your Preloved checkout code',
      intro: 'To use a first-order code at checkout, type this code on the checkout page:',
    },
    googleTakeover: {
      subject: 'Your Preloved account now signs in with Google',
      text: 'You signed in with Google as {{email}}. The account of this address had never been confirmed, so it now signs in with Google only: its password was removed and every other device was signed out. If you had set that password yourself, set a new one with "Forgot your password?".',
    },
  },
  recovery: {
    subject: 'Reset your Preloved password',
    intro: 'Someone asked to reset the password of your Preloved account. To choose a new password, open this link:',
    validity: 'The link works once and for one hour. If you did not ask for it, ignore this e-mail: your password stays the same.',
  },
  emailChanged: {
    subject: 'The e-mail address of your Preloved account was changed',
    changed: 'The e-mail address of your Preloved account was changed from {{from}} to {{to}}. Other devices were signed out.',
    undo: 'If you did not do this, open this link within 7 days. It gives the account this address back, signs out every device and lets you choose a new password:',
    noUndo: 'If you did not do this, use the link in the first e-mail we sent about this change, or contact us.',
  },
  newsletter: {
    subject: 'Confirm your Preloved newsletter subscription',
    intro: 'Someone asked to receive the Preloved newsletter at this address. To confirm, open this link within 7 days:',
    ignore: 'If it was not you, ignore this e-mail: without the confirmation we send you nothing more.',
  },
  offers: {
    newSubject: 'New offer of {{price}} for {{title}}',
    newText: '{{buyer}} offers {{price}} for {{piece}}, listed at {{listed}}.',
    answerBy: 'Accept or decline it by {{date}}: {{link}}',
    acceptedSubject: 'Your offer for {{title}} was accepted',
    acceptedText: '{{seller}} accepted your offer of {{price}} for {{piece}}.',
    buyBy: 'Buy it at this price within {{hours}} hours, by {{date}}: {{link}}',
    acceptedBelow: 'The piece’s price is now {{listed}}, below your offer: you pay {{listed}}.',
    buyByAt: 'Buy it at {{listed}} within {{hours}} hours, by {{date}}: {{link}}',
    declinedSubject: 'Your offer for {{title}} was declined',
    declinedText: 'The seller rejected the offer. ({{price}} for {{piece}}.)',
    stillForSale: 'The piece may still be for sale at {{listed}}: {{link}}',
    expiredBuyerSubject: 'Your offer for {{title}} has expired',
    expiredBuyerText: 'Your offer of {{price}} for {{piece}} has expired: {{reason}}',
    expiredSellerSubject: 'The offer for {{title}} has expired',
    expiredSellerText: 'The offer of {{price}} from {{buyer}} for {{piece}} has expired: {{reason}}',
    sellerTimeout: 'The seller did not accept or reject the offer in time.',
    buyerTimeout: 'The buyer did not purchase in time.',
    counterTimeout: 'The buyer did not answer the counter-offer in time.',
    counteredSubject: '{{seller}} made you a counter-offer of {{counter}} for {{title}}',
    counteredText: 'You offered {{offered}} for {{piece}}, listed at {{listed}}. {{seller}} answers with a counter-offer of {{counter}}.',
    counterAnswerBy: 'Accept or decline it by {{date}}: {{link}}',
    counterAcceptedSubject: 'Your counter-offer for {{title}} was accepted',
    counterAcceptedText: '{{buyer}} accepted your counter-offer of {{price}} for {{piece}}.',
    counterBuyBy: 'They have {{hours}} hours to buy it at this price, until {{date}}: {{link}}',
    counterDeclinedSubject: 'Your counter-offer for {{title}} was declined',
    counterDeclinedText: '{{buyer}} declined your counter-offer of {{counter}} for {{piece}}. The piece stays for sale at {{listed}}.',
  },
  alerts: {
    searchSubject: 'New pieces for your saved search "{{name}}"',
    searchIntro: 'New pieces match your saved search "{{name}}":',
    searchLine: '- {{title}} ({{colour}}, {{size}}): {{price}} {{link}}',
    searchAll: 'See every match: {{link}}',
    searchManage: 'Rename, pause or delete your saved searches: {{link}}',
    dropSubject: 'Prices fell on pieces you saved',
    dropIntro: 'Pieces on your wishlist now cost less:',
    dropLine: '- {{title}}: {{price}} (was {{was}}) {{link}}',
    dropWishlist: 'Your wishlist: {{link}}',
  },
};

/** A catalogue: the same nested keys, every leaf a sentence. */
export type MailTextTree = { [key: string]: string | MailTextTree };
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
export type MailTexts = Shape<typeof en>;
export default en satisfies MailTextTree as MailTexts;
