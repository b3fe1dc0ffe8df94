import type { SellerReview, SellerReviews, VendorResponse } from '@preloved/contract';
import { setUserDataAtom, startSessionAtom, store } from '@preloved/shared';
import { renderWithProviders, resetStore } from '@preloved/shared/test-utils';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '../../../../../tools/jest/fetch-stub';
import '../../i18n';
import { VendorPage, vendorLoader } from './VendorPage';

const vendor: VendorResponse = {
  CustomerID: 7,
  FirstName: 'Ana',
  member_since: '2025-03-15T12:00:00.000Z',
  verified: false,
  rating: { average: 4.3, count: 3 },
  listings: [],
};

const review = (id: number, rating: number, comment: string, reply: SellerReview['reply'] = null): SellerReview => ({
  id,
  rating,
  comment,
  date: '2026-11-02T10:00:00.000Z',
  pieces: [`Piece ${id}`],
  reply,
});

const page1: SellerReviews = {
  rating: vendor.rating,
  reviews: [review(30, 5, 'Lovely coat, as described.', { text: 'Thank you, enjoy it!', date: '2026-11-03T09:00:00.000Z' }), review(29, 4, '')],
  page: 1,
  limit: 2,
};
const page2: SellerReviews = { rating: vendor.rating, reviews: [review(20, 4, 'Took a while to ship.')], page: 2, limit: 2 };

describe("the seller's page: rating and reviews", () => {
  let network: ReturnType<typeof stubFetch>;
  let replyAnswer: { status?: number; body?: unknown } | undefined;
  beforeEach(() => {
    resetStore();
    replyAnswer = undefined;
    network = stubFetch((request) => {
      if (request.url.startsWith('/api/vendors/7/reviews')) return { body: request.url.includes('page=2') ? page2 : page1 };
      if (request.url.startsWith('/api/vendors/7')) return { body: vendor };
      if (request.url === '/api/reviews/29/reply') {
        return replyAnswer ?? { body: review(29, 4, '', { text: (request.body as { reply: string }).reply.trim(), date: '2026-11-25T10:00:00.000Z' }) };
      }
      return undefined;
    });
  });
  afterEach(() => network.restore());

  const renderPage = () => renderWithProviders(<VendorPage />, { route: '/vendor/7', path: '/vendor/:vendorId', loader: vendorLoader });
  const reviewsList = async () => within(await screen.findByRole('region', { name: '3 reviews' }, { timeout: 5000 })).getAllByRole('listitem');

  it('shows the average and the number of reviews, then each review: stars, words, date, piece and the answer', async () => {
    renderPage();
    expect(await screen.findByRole('img', { name: '4.3 out of 5, 3 reviews' }, { timeout: 5000 })).toBeInTheDocument();
    const [first, second] = await reviewsList();
    expect(within(first!).getByRole('img', { name: '5 out of 5 stars' })).toBeInTheDocument();
    expect(first).toHaveTextContent('Lovely coat, as described.');
    expect(first).toHaveTextContent('2 November 2026');
    expect(first).toHaveTextContent('Bought: Piece 30');
    expect(first).toHaveTextContent('Answer from Ana');
    expect(first).toHaveTextContent('Thank you, enjoy it!');
    // Stars alone are a review too: listed with its date and piece.
    expect(within(second!).getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
    expect(second).toHaveTextContent('Bought: Piece 29');
    // A visitor answers nothing.
    expect(screen.queryByRole('button', { name: 'Answer this review' })).not.toBeInTheDocument();
  });

  it('loads more reviews a page at a time until all are shown', async () => {
    renderPage();
    expect(await reviewsList()).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'More reviews' }));
    await waitFor(async () => expect(await reviewsList()).toHaveLength(3));
    expect((await reviewsList())[2]).toHaveTextContent('Took a while to ship.');
    expect(screen.queryByRole('button', { name: 'More reviews' })).not.toBeInTheDocument();
  });

  it('says when a seller has no reviews yet', async () => {
    network.restore();
    network = stubFetch((request) => {
      if (request.url.startsWith('/api/vendors/7/reviews')) return { body: { rating: { average: null, count: 0 }, reviews: [], page: 1, limit: 10 } };
      if (request.url.startsWith('/api/vendors/7')) return { body: { ...vendor, rating: { average: null, count: 0 } } };
      return undefined;
    });
    renderPage();
    expect(await screen.findByText('No reviews yet', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(/Buyers rate a seller once their order has arrived/)).toBeInTheDocument();
  });

  describe('the seller, signed in on their own page', () => {
    const signInAsSeller = () =>
      act(() => {
        store.set(startSessionAtom, { token: 'tok', cart: [], notifications: 0 });
        store.set(setUserDataAtom, { customer: { CustomerID: 7, FirstName: 'Ana', LastName: 'Silva' } });
      });

    it('answers a review once: an empty answer is refused beside the field, a written one is published under the review', async () => {
      signInAsSeller();
      renderPage();
      const [, second] = await reviewsList();
      // The review already answered offers no second answer.
      expect(screen.getAllByRole('button', { name: 'Answer this review' })).toHaveLength(1);
      await userEvent.click(within(second!).getByRole('button', { name: 'Answer this review' }));
      const field = within(second!).getByRole('textbox', { name: 'Your answer' });
      expect(field).toHaveFocus();
      await userEvent.type(field, '   ');
      await userEvent.click(within(second!).getByRole('button', { name: 'Publish answer' }));
      expect(field).toHaveAccessibleDescription('Please write your answer.');
      expect(network.requests.some((request) => request.method === 'POST')).toBe(false);

      await userEvent.type(field, 'Thanks for buying!');
      await userEvent.click(within(second!).getByRole('button', { name: 'Publish answer' }));
      await waitFor(() => expect(second).toHaveTextContent('Answer from Ana'));
      expect(second).toHaveTextContent('Thanks for buying!');
      expect(network.requests.find((request) => request.method === 'POST')).toMatchObject({ url: '/api/reviews/29/reply', body: { reply: '   Thanks for buying!' } });
      expect(screen.queryByRole('button', { name: 'Answer this review' })).not.toBeInTheDocument();
    });

    it('shows the API’s refusals in the form, in the page’s language', async () => {
      signInAsSeller();
      renderPage();
      const [, second] = await reviewsList();
      await userEvent.click(within(second!).getByRole('button', { name: 'Answer this review' }));
      const field = within(second!).getByRole('textbox', { name: 'Your answer' });
      await userEvent.type(field, 'Thanks!');
      replyAnswer = { status: 409, body: { code: 'review_already_answered', message: 'Already answered (log)' } };
      await userEvent.click(within(second!).getByRole('button', { name: 'Publish answer' }));
      expect(await within(second!).findByRole('alert')).toHaveTextContent('You have already answered this review.');
      replyAnswer = { status: 422, body: { message: 'Use at most 500 characters.', fields: [{ field: 'reply', key: 'comment_too_long' }] } };
      await userEvent.click(within(second!).getByRole('button', { name: 'Publish answer' }));
      await waitFor(() => expect(field).toHaveAccessibleDescription('Use at most 500 characters.'));
    });
  });
});
