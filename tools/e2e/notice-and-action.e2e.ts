import { setUpJourney } from './journey';
import { apiCall, sellerWithPieces } from './shopper';
import { mailText, signInAsStaff } from './staff';

// Issue 46's notice and action on the production build, real API and real Chromium: a visitor reports
// a listing from its product page (the dialog is a lazily loaded chunk), a moderator removes it from
// the back office's moderation page, and the seller is mailed a statement of reasons with a link to
// contest the decision, which opens the decision.

const journey = setUpJourney({ env: () => ({}) });
const call = <T>(method: string, route: string) => apiCall<T>(journey.store.url, method, route);

describe('notice and action', () => {
  it('a visitor reports a listing, a moderator removes it, and the seller receives the statement of reasons', async () => {
    const seller = await sellerWithPieces(journey.store.url, { firstName: 'Nadia', lastName: 'Notice', prices: [55], from: 4 });
    const piece = seller.pieces[0]!;
    const visitorEmail = `visitor-${Date.now()}@example.com`;

    const visitor = await journey.open({ width: 1280, height: 900 });
    await visitor.goto(new URL(piece.href, journey.store.url).toString());
    const reportButton = visitor.getByRole('button', { name: 'Report this listing' });
    await reportButton.click();
    const dialog = visitor.getByRole('dialog', { name: 'Report this listing' });
    await dialog.getByRole('radio', { name: 'Counterfeit' }).check();
    await dialog.getByRole('textbox', { name: 'What is wrong?' }).fill('The label and the stitching are not the brand’s.');
    await dialog.getByRole('textbox', { name: 'Your e-mail (optional)' }).fill(visitorEmail);
    await dialog.getByRole('button', { name: 'Send report' }).click();
    const thanks = dialog.getByRole('status').filter({ hasText: /Your report R-\d{6} is with the brand’s team/ });
    await thanks.waitFor();
    const reference = /R-\d{6}/.exec((await thanks.textContent()) ?? '')![0];
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect(reportButton.evaluate((button) => button === document.activeElement)).resolves.toBe(true);
    expect(await mailText(journey.store.dataDir, visitorEmail, `We received your report ${reference}`)).toContain(piece.title);

    const moderator = await journey.open({ width: 1280, height: 900 });
    await signInAsStaff(moderator, journey.store.url, 'moderator', '/backoffice/moderation');
    await moderator.getByRole('heading', { level: 1, name: 'Moderation' }).waitFor();
    const card = moderator.getByRole('article', { name: new RegExp(`${piece.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · 1 report`) });
    await card.getByText('The label and the stitching are not the brand’s.').waitFor();
    await card.getByRole('radio', { name: 'Remove the listing' }).check();
    await card.getByRole('combobox', { name: 'Ground (the seller reads it)' }).selectOption('counterfeit');
    await card.getByRole('textbox', { name: /^Facts/ }).fill('The care label is not one of ours.');
    await card.getByRole('button', { name: 'Decide' }).click();
    await moderator.getByText('Decided: the seller and the reporters are mailed.').waitFor();
    await card.waitFor({ state: 'detached' });

    const statement = await mailText(journey.store.dataDir, seller.email, 'contest it');
    expect(statement).toContain('the piece was removed from the store');
    expect(statement).toContain('it appears to be counterfeit');
    expect(statement).toContain('The care label is not one of ours.');
    expect(statement).toContain('no automated means decided it');
    const token = /\/user\/contest\/([A-Za-z0-9_-]{43})/.exec(statement)?.[1];
    expect(token).toBeDefined();
    // The link names this decision (the seller's page reads it by the token).
    const decision = await call<{ action: string; listing: { title: string } | null; contest: unknown }>('GET', `reports/contest/${token}`);
    expect(decision).toMatchObject({ action: 'remove', listing: { title: piece.title }, contest: null });
    // The reporter is told the outcome.
    expect(await mailText(journey.store.dataDir, visitorEmail, 'acted on it')).toContain(reference);
  });
});
