// Texts of the information pages (namespace `info`). Sections and questions are arrays read with
// `returnObjects: true`; their `id`s are anchors (the brand's size guide links to /faqs#sizes), so
// they are the same in every language.

/**
 * A titled block of paragraphs: a section of About, Shipping, Terms or Privacy. `paragraphs_checked`: its
 * words in a store that checks sold pieces at the brand's hub (issue 48, VERIFICATION_MODE=hub), read
 * instead of `paragraphs` there — as a `_checked` key is for `t(key, { context: 'checked' })`; `paragraphs`
 * promise no check (tools/lint/verification-claims.test.ts).
 */
export interface InfoSection {
  id: string;
  heading: string;
  paragraphs: string[];
  paragraphs_checked?: string[];
}

/** One question of the FAQs with its answer in paragraphs (`answer_checked` as a section's `paragraphs_checked`). */
export interface FaqQuestion {
  id: string;
  question: string;
  answer: string[];
  answer_checked?: string[];
}

/** A group of FAQs under one heading. */
export interface FaqTopic {
  id: string;
  heading: string;
  questions: FaqQuestion[];
}

/** What one information page shows: FAQs have topics, the other pages sections. */
export interface InfoText {
  title: string;
  lead: string;
  /** "Last updated" line of the legal pages. */
  updated?: string;
  sections?: InfoSection[];
  topics?: FaqTopic[];
}

const en = {
  documentTitle: '{{title}} — Preloved',
  pages: {
    about: {
      title: 'About Preloved',
      lead:
        'Preloved is the second-hand store inside our main shop: pieces of our brand, first bought and worn by our customers, now ready for their next wardrobe.',
      sections: [
        {
          id: 'how-it-works',
          heading: 'Pieces with a past, sold by the people who wore them',
          paragraphs: [
            'Everything you find here was made by us. When customers no longer wear a piece, they list it here with their own photos, an honest description of its condition and a price. When it sells, they send it straight to the buyer, with a prepaid label we provide.',
            'Every listing says who is selling it: “Listed by” followed by the seller’s first name. Only the first name is shown; surnames, addresses and contact details stay private.',
          ],
          paragraphs_checked: [
            'Everything you find here was made by us. When customers no longer wear a piece, they list it here with their own photos, an honest description of its condition and a price. When it sells, they send it to our hub with a prepaid label we provide; we check it against its listing there and send it on to the buyer.',
            'Every listing says who is selling it: “Listed by” followed by the seller’s first name. Only the first name is shown; surnames, addresses and contact details stay private.',
          ],
        },
        {
          id: 'verified-seller',
          heading: 'Our verified account',
          paragraphs: [
            'Some pieces are listed by the brand itself: samples, one-offs from photo shoots and items from our own archive. They come from our sample account, which carries a Verified badge.',
          ],
          paragraphs_checked: [
            'Some pieces are listed by the brand itself: samples, one-offs from photo shoots and items from our own archive. They come from our sample account, which carries a Verified badge, and each one is checked by our team before it goes on sale.',
          ],
        },
        {
          id: 'why-second-hand',
          heading: 'Why second-hand',
          paragraphs: [
            'What research has measured, and what we do not claim. A study of more than 200 shoppers in second-hand shops in Sweden and Estonia found that every 100 second-hand garments bought replaced between 60 and 85 new ones, and its life cycle assessment found that reusing 100 cotton T-shirts instead of incinerating them lowered their global warming impact by 14 % (L. Farrant, S. I. Olsen and A. Wangel, “Environmental benefits from reusing clothes”, The International Journal of Life Cycle Assessment 15, 726–736, 2010). We have not measured how often a purchase here replaces a new one, so we state no saving for your purchase or for this store.',
            'We design our clothes to last, and a resale store is how we make sure they do. It keeps our pieces in circulation instead of in the back of a wardrobe, gives sellers something back for what they no longer wear, and lets more people wear the brand at a fairer price.',
          ],
        },
        {
          id: 'good-to-know',
          heading: 'Good to know',
          paragraphs: [
            'Preloved has its own account, bag and checkout, separate from our main shop. A purchase here is a sale between two customers: we run the marketplace, take the payment, send the shipping label and step in if something goes wrong.',
            'The FAQs explain how buying, offers, selling and payouts work, and the terms and conditions set out the rules in full.',
          ],
        },
      ],
    },
    shipping: {
      title: 'Shipping and delivery',
      lead:
        'Every item travels directly from the seller to you. This is what happens between the moment you pay and the moment your parcel arrives.',
      sections: [
        {
          id: 'after-the-sale',
          heading: 'After the sale',
          paragraphs: [
            'As soon as an item sells, we e-mail the seller a prepaid shipping label. The seller packs the item, attaches the label and hands the parcel to the carrier within 5 business days of the sale.',
            'If the e-mail goes missing, the seller can send the label again from the listing in their account.',
          ],
        },
        {
          id: 'tracking',
          heading: 'Tracking your parcel',
          paragraphs: [
            'Once the carrier has the parcel, its tracking number appears in your order, together with who shipped it and the expected delivery date. Signed-in buyers find the order under My account → Orders.',
          ],
        },
        {
          id: 'delivery-times',
          heading: 'Delivery times',
          paragraphs: [
            'After the parcel is dispatched, delivery usually takes 1 to 3 business days within mainland Portugal, 3 to 5 business days to Madeira and the Azores and 2 to 5 business days to Spain. We deliver to Portugal and Spain; the checkout lists both.',
            'Add the seller’s 5 business days to ship, so allow up to about two weeks in all. These are the carriers’ estimates; they can be longer around public holidays.',
          ],
        },
        {
          id: 'shipping-costs',
          heading: 'Shipping costs',
          paragraphs: [
            'The buyer pays for shipping. The cost depends on the destination and on the delivery option you choose, home delivery or collection at a pickup point where one is available, and it is shown as a separate line at checkout before you pay. Nothing more is charged on delivery.',
            'Sellers never pay for the label: it is covered by the shipping the buyer pays.',
          ],
        },
        {
          id: 'late-shipping',
          heading: 'If the seller does not ship in time',
          paragraphs: [
            'If the parcel has not been handed to the carrier within 5 business days of the sale, the order is cancelled and you are refunded in full, shipping included, to the payment method you used. Depending on your bank, the refund can take up to 10 business days to appear.',
          ],
        },
        {
          id: 'problems',
          heading: 'Lost, damaged or not as described',
          paragraphs: [
            'If your parcel does not arrive, arrives damaged or the item is not as described, open a claim within 2 days of delivery from your order or by writing to help@preloved.example. The FAQs explain how claims work.',
          ],
        },
      ],
    },
    faqs: {
      title: 'Frequently asked questions',
      lead:
        'Quick answers about buying, offers, selling and getting paid. If your question is not here, write to us at help@preloved.example.',
      topics: [
        {
          id: 'buying',
          heading: 'Buying',
          questions: [
            {
              id: 'how-to-buy',
              question: 'How do I buy an item?',
              answer: [
                'Choose the piece and the size you want and add it to your bag. Every item is unique, so it stays available to everyone until someone pays for it. When you are ready, go to checkout, add a delivery address, choose a delivery option and pay.',
              ],
            },
            {
              id: 'guest-checkout',
              question: 'Can I buy without an account?',
              answer: [
                'Yes. When you go to checkout, choose “Continue as guest” and fill in your e-mail address, delivery address and payment details. An account is only needed to make offers, keep a wishlist, follow all your orders in one place and sell.',
              ],
            },
            {
              id: 'sizes',
              question: 'How do the sizes fit?',
              answer: [
                'Listings show the size on the original label, so our main shop’s size guide applies. Sellers say in the description if a piece has been altered or fits differently after washing.',
                'If you are unsure, compare the measurements with a similar piece of your own before you buy: second-hand items cannot be returned because they do not fit.',
              ],
            },
            {
              id: 'conditions',
              question: 'What do the condition grades mean?',
              answer: [
                'New with tags: never worn, with the original tags attached.',
                'Like new: worn once or twice, with no signs of wear.',
                'Very good: lightly worn, with no flaws worth mentioning.',
                'Good: worn and loved, with small signs of wear that the seller describes.',
                'Fair: visible wear or a small flaw, priced accordingly.',
              ],
            },
          ],
        },
        {
          id: 'offers-and-prices',
          heading: 'Offers and prices',
          questions: [
            {
              id: 'offers',
              question: 'How do offers work?',
              answer: [
                'When you are signed in, you can offer the seller between 50% and 99% of an item’s price. The seller has 48 hours to accept or decline; if they do neither, the offer expires.',
                'If the seller accepts, you have 24 hours to buy the item at the price you offered; your bag shows how much time is left. After that the offer expires and the item is back on sale at its listed price. Your offers are under My account → Offers.',
              ],
            },
            {
              id: 'smart-pricing',
              question: 'What is smart pricing?',
              answer: [
                'Smart pricing helps an item sell by lowering its price gradually. When a seller turns it on, the price drops by 10% seven days after the item is listed, and again every 7 days after that, until it reaches the minimum price the seller has set or the item sells.',
                'Sellers can turn smart pricing off or change their minimum price at any time from the listing.',
              ],
            },
          ],
        },
        {
          id: 'selling',
          heading: 'Selling',
          questions: [
            {
              id: 'how-to-sell',
              question: 'How do I sell an item?',
              answer: [
                'Sign in and choose “Sell an item”. Find the piece in our catalogue so its details are filled in for you, then add its size, condition, a short description and 2 to 4 photos taken in good light. Set a price between 5 € and 5000 €: we suggest one based on the original price, and the listing shows how much you will receive when it sells.',
                'The first time you sell, we also ask for the details we need to pay you.',
              ],
            },
            {
              id: 'item-sold',
              question: 'I sold an item. What happens now?',
              answer: [
                'We e-mail you a prepaid shipping label. Pack the item carefully, attach the label and hand the parcel to the carrier within 5 business days of the sale. If it is not shipped in time, the order is cancelled and the buyer gets a full refund.',
              ],
            },
          ],
        },
        {
          id: 'wallet-and-payouts',
          heading: 'Wallet and payouts',
          questions: [
            {
              id: 'wallet',
              question: 'How do I get paid?',
              answer: [
                'The money from each sale goes to your wallet, under My account → Wallet, where every movement is listed with its date and status. You then choose what to do with your credit:',
                'Bank transfer: we send it to your IBAN and you receive 97% of the amount you transfer. The other 3% covers transaction fees and is shown as its own line in your wallet.',
                'Discount code: turn your credit into a code worth 100% of the amount. The code can be used only in our main store, not in the second-hand store.',
              ],
            },
          ],
        },
        {
          id: 'returns-and-claims',
          heading: 'Returns and claims',
          questions: [
            {
              id: 'returns',
              question: 'Can I return an item?',
              answer: [
                'Second-hand items are final sale: they cannot be returned because you changed your mind or because they do not fit. The exception is an item that is not as described, such as a different piece or size, or damage the listing did not mention.',
                'In that case, open a claim within 2 days of delivery from your order or by writing to help@preloved.example, with photos of the item. If we accept the claim, we send you a label to return the item and refund you in full.',
                'Our main shop’s returns policy applies only to pieces bought in the main shop.',
              ],
            },
          ],
        },
        {
          id: 'your-account',
          heading: 'Your account',
          questions: [
            {
              id: 'separate-account',
              question: 'Is my Preloved account the same as my main-shop account?',
              answer: [
                'No. The second-hand store has its own account, with its own password, separate from your account in our main shop. Your orders, offers, listings and wallet are in your Preloved account. You can use the same e-mail address for both.',
              ],
            },
          ],
        },
      ],
    },
    terms: {
      title: 'Terms and conditions',
      updated: 'Last updated: 1 November 2026',
      lead:
        'These terms apply to everyone who buys or sells in Preloved, the second-hand store inside our main shop. By creating an account, listing an item or placing an order, you accept them.',
      sections: [
        {
          id: 'our-role',
          heading: '1. Our role',
          paragraphs: [
            'Preloved is a marketplace. Items are sold by the customers who list them, and each sale is a contract between the buyer and the seller. We run the store: we publish listings, take payments on the seller’s behalf, provide shipping labels, handle claims and pay sellers. We are the seller only of the items listed by our own verified account.',
            'Most sellers are private individuals, not traders, so the rights that consumer law gives against a trader, such as the 14-day right of withdrawal, do not apply to their items. The protection buyers have instead is described in these terms.',
          ],
        },
        {
          id: 'accounts',
          heading: '2. Accounts',
          paragraphs: [
            'Your Preloved account is separate from any account you have in our main shop. Keep your password to yourself: you are responsible for what is done with your account. You can buy as a guest; to make offers or sell, you need an account, and you must be at least 18 years old to sell.',
          ],
        },
        {
          id: 'sellers',
          heading: '3. Seller obligations',
          paragraphs: [
            'You may list only items of our brand that you own and are free to sell. Describe each one honestly, with the right size and condition grade, every flaw you know of, and 2 to 4 photos of the item itself. Prices must be between 5 € and 5000 €.',
            'Once an item sells, ship it within 5 business days with the prepaid label we send you by e-mail, packed so that it arrives as described. If you do not ship in time, the order is cancelled and the buyer refunded. Repeated late shipping or items that are not as described may lead us to hide your listings or close your account.',
          ],
        },
        {
          id: 'buyers',
          heading: '4. Buyer obligations',
          paragraphs: [
            'Give a correct delivery address and pay in full at checkout. Check your parcel when it arrives: if the item is not as described, open a claim within 2 days of delivery. After that the sale is final. Second-hand items cannot be returned for a change of mind or fit.',
          ],
        },
        {
          id: 'fees',
          heading: '5. Prices and fees',
          paragraphs: [
            'Prices are in euros. Before you pay, checkout shows every charge on its own line: the item price, a processing fee for handling the payment, the shipping cost, the delivery option you chose and any discount. The total shown is the total you pay.',
          ],
          paragraphs_checked: [
            'Prices are in euros. Before you pay, checkout shows every charge on its own line: the item price, a processing fee for handling the payment, a verification fee where an item is checked by us, the shipping cost, the delivery option you chose and any discount. The total shown is the total you pay.',
          ],
        },
        {
          id: 'offers',
          heading: '6. Offers and smart pricing',
          paragraphs: [
            'Offers must be between 50% and 99% of the listed price. The seller has 48 hours to accept or decline an offer; once it is accepted, the buyer has 24 hours to buy at that price. Offers not answered or not used in time expire.',
            'Sellers who turn on smart pricing agree that, from 7 days after listing, the price drops by 10% every 7 days until it reaches their minimum price or the item sells.',
          ],
        },
        {
          id: 'payouts',
          heading: '7. Payouts',
          paragraphs: [
            'We collect the payment on the seller’s behalf and credit the sale amount to the seller’s wallet. Sellers can transfer their credit to a bank account in their own name, receiving 97% of the amount because of transaction fees, or turn it into a discount code worth 100% of the amount, valid only in our main store and not in the second-hand store. We may hold the money of an order while a claim about it is open.',
          ],
        },
        {
          id: 'prohibited-items',
          heading: '8. Prohibited items',
          paragraphs: [
            'Only items of our brand may be listed. Counterfeits, stolen goods, recalled or unsafe items, worn underwear and anything that is illegal to sell are not allowed. We may remove a listing that breaks these rules without notice.',
          ],
        },
        {
          id: 'liability',
          heading: '9. Liability',
          paragraphs: [
            'We review claims carefully, but sellers write their own listings, and we are not responsible for their descriptions beyond the refunds set out in these terms. Nothing in these terms limits liability that the law does not allow to be limited, such as for fraud or gross negligence, or your rights as a consumer.',
          ],
          paragraphs_checked: [
            'We check each piece sold against its listing (the verification fee pays for it) and review claims carefully, but sellers write their own listings, and we are not responsible for their descriptions beyond the refunds set out in these terms. Nothing in these terms limits liability that the law does not allow to be limited, such as for fraud or gross negligence, or your rights as a consumer.',
          ],
        },
        {
          id: 'changes',
          heading: '10. Changes to these terms',
          paragraphs: [
            'We may update these terms; the date at the top shows the current version. We announce significant changes by e-mail before they take effect. Orders and offers follow the terms in force when they were made.',
          ],
        },
        {
          id: 'governing-law',
          heading: '11. Governing law and disputes',
          paragraphs: [
            'These terms are governed by Portuguese law. If you are a consumer, you keep the protection of the mandatory rules of your country of residence. Disputes can also be taken to a consumer arbitration centre, listed on the Portuguese Consumer Portal (www.consumidor.gov.pt), and complaints can be filed in the electronic complaints book (www.livroreclamacoes.pt).',
          ],
        },
        {
          id: 'contact',
          heading: '12. Contact',
          paragraphs: [
            'For questions about these terms, an order or a claim, write to help@preloved.example. We answer within 2 business days.',
          ],
        },
      ],
    },
    privacy: {
      title: 'Privacy policy',
      updated: 'Last updated: 1 November 2026',
      lead:
        'This policy explains what personal data the second-hand store collects, why we use it and the choices you have, in line with the EU General Data Protection Regulation (GDPR).',
      sections: [
        {
          id: 'controller',
          heading: '1. Who is responsible',
          paragraphs: [
            'The controller of your personal data is Preloved, the brand that runs this second-hand store as part of its main shop. The store runs on the Preloved Commerce platform, which processes data only on our instructions.',
            'For anything about your data, write to privacy@preloved.example.',
          ],
        },
        {
          id: 'data-we-collect',
          heading: '2. The data we collect',
          paragraphs: [
            'Account: your name, e-mail address and password, which we store only in a form that cannot be read back. If you sell, also your phone number and the IBAN we pay you to.',
            'Orders, offers and listings: what you buy, sell and offer, with prices and dates, the photos and descriptions you publish and what you tell us in a claim.',
            'Addresses: the delivery and billing addresses you save or enter at checkout.',
            'Payments: card and other payment details are entered with and processed by our payment provider. We never see or store your full card number; we keep only the payment status and reference.',
            'Newsletter: if you subscribe, your e-mail address and when you subscribed.',
          ],
        },
        {
          id: 'purposes',
          heading: '3. What we use it for',
          paragraphs: [
            'To run your account; to publish your listings; to process orders, offers and payments; to send shipping labels and tracking updates; to pay out your wallet; to handle claims and prevent fraud; to answer you when you contact us; to send the newsletter if you asked for it; and to keep the records the law requires.',
          ],
        },
        {
          id: 'legal-bases',
          heading: '4. Legal bases',
          paragraphs: [
            'Contract (article 6(1)(b) GDPR): the data we need to provide your account, orders, offers, listings and payouts.',
            'Legal obligation (article 6(1)(c)): invoices, tax and accounting records.',
            'Legitimate interests (article 6(1)(f)): keeping the store secure, preventing fraud and improving the service, always weighed against your rights.',
            'Consent (article 6(1)(a)): the newsletter. You can withdraw your consent at any time with the link in every newsletter.',
          ],
        },
        {
          id: 'sharing',
          heading: '5. Who we share it with',
          paragraphs: [
            'The other side of a sale gets only what the sale needs: buyers see the seller’s first name on the listing, and the seller’s shipping label carries the buyer’s delivery address.',
            'Our payment provider, the carriers, and the companies that host the store and send our e-mails process data for us under data processing agreements. We share data with public authorities only when the law requires it. We never sell your data. If a provider processes data outside the European Economic Area, we use safeguards approved by the European Commission, such as standard contractual clauses.',
          ],
        },
        {
          id: 'retention',
          heading: '6. How long we keep it',
          paragraphs: [
            'Account data is kept while your account is open. When you close it, we delete or anonymise it within 30 days, except what we must keep by law.',
            'Order, payment and payout records are kept for 10 years, as Portuguese tax law requires. Your newsletter e-mail is kept until you unsubscribe.',
          ],
        },
        {
          id: 'your-rights',
          heading: '7. Your rights',
          paragraphs: [
            'You can ask us to access, correct or delete your data, to restrict or object to its use, and to receive it in a portable format. Write to privacy@preloved.example; we answer within one month.',
            'You also have the right to complain to the Portuguese data protection authority, the Comissão Nacional de Proteção de Dados (www.cnpd.pt).',
          ],
        },
        {
          id: 'cookies',
          heading: '8. Cookies and local storage',
          paragraphs: [
            'We do not use advertising or tracking cookies. To work, the store keeps a few things in your browser’s local storage: your bag, your session token while you are signed in and the language you chose, together with small preferences such as the size you last selected.',
            'This storage is strictly necessary for the service you ask for, so it needs no consent. Signing out removes your session and bag from the browser; you can clear the rest in your browser’s settings.',
          ],
        },
        {
          id: 'changes',
          heading: '9. Changes to this policy',
          paragraphs: [
            'When we change this policy, we update the date at the top and, if the change is significant, tell you by e-mail before it applies.',
          ],
        },
        {
          id: 'contact',
          heading: '10. Contact',
          paragraphs: [
            'Questions about this policy or about your data: write to privacy@preloved.example, and tell us the e-mail address of your account so we can find it.',
          ],
        },
      ],
    },
    howSearchWorks: {
      title: 'How search results are ranked',
      lead: 'What decides the order of the pieces you see when you search or browse, as the EU Digital Services Act and consumer law ask us to say.',
      sections: [
        {
          id: 'relevance',
          heading: 'Relevance first, then recency',
          paragraphs: [
            'When you type words, pieces whose title, brand, category, colour or description match them best come first. Words in the title count more than words in the description, and a close spelling is matched when a word finds nothing.',
            'Among pieces that match equally well, the most recently listed comes first.',
          ],
        },
        {
          id: 'your-choice',
          heading: 'The order you choose',
          paragraphs: [
            'You can sort by price (lowest or highest first) or by newest instead. Filters (size, colour, condition, price) only leave pieces out; they do not change the order.',
          ],
        },
        {
          id: 'no-paid-placement',
          heading: 'No paid placement',
          paragraphs: [
            'Nobody pays to be shown higher: sellers cannot buy a better position, and there are no sponsored results. Whether a seller is a private person or a business does not change the order either.',
          ],
        },
      ],
    },
    howReviewsWork: {
      title: 'How reviews work',
      lead: 'Where the stars and comments on a seller’s page come from, and what we check.',
      sections: [
        {
          id: 'who-can-review',
          heading: 'Only buyers of a delivered order',
          paragraphs: [
            'Only the buyer of an order can review its seller, once the order has been delivered, and only once per order. Nobody else can write a review, and a seller cannot review themselves.',
          ],
        },
        {
          id: 'what-we-do',
          heading: 'What we do with reviews',
          paragraphs: [
            'We publish every review as the buyer wrote it, good or bad. We do not edit, reorder or filter reviews, except to remove illegal content. Reviews are listed newest first, and the rating is the average of all of them.',
            'The seller may answer each review once; the answer is shown under it.',
          ],
        },
      ],
    },
  },
} satisfies { documentTitle: string; pages: Record<'about' | 'shipping' | 'faqs' | 'terms' | 'privacy' | 'howSearchWorks' | 'howReviewsWork', InfoText> };

export default en;
export type InfoResources = typeof en;
/** The information pages, by their key under `pages`. */
export type InfoPageKey = keyof InfoResources['pages'];
