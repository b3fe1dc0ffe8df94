import { renderWithProviders } from '@preloved/shared/test-utils';
import { screen } from '@testing-library/react';
import '../i18n';
import { AnswerTime } from './AnswerTime';

describe('the seller’s usual answer time', () => {
  it.each([
    [12, 'Usually answers within 12 minutes'],
    [60, 'Usually answers within an hour'],
    [61, 'Usually answers within 2 hours'],
    [1440, 'Usually answers within a day'],
    [3000, 'Usually answers within 3 days'],
  ])('says %i minutes as “%s”', (minutes, sentence) => {
    renderWithProviders(<AnswerTime minutes={minutes} />);
    expect(screen.getByText(sentence)).toBeInTheDocument();
  });

  it('says nothing for a seller who has not answered enough questions yet', () => {
    const { container } = renderWithProviders(<AnswerTime minutes={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});
