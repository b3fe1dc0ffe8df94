import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useScrolled } from './use-scrolled';

function Bar() {
  return <header data-state={useScrolled() ? 'scrolled' : 'top'} />;
}

const scrollTo = (y: number) => Object.defineProperty(window, 'scrollY', { value: y, configurable: true });

describe('the header’s scroll state', () => {
  afterEach(() => scrollTo(0));

  it('shows the scrolled state once hydrated when the shopper scrolled before the page’s code arrived', async () => {
    // The server renders the top state; the shopper scrolls the server's HTML, then the code hydrates it.
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Bar />);
    document.body.appendChild(container);
    scrollTo(400);
    await act(async () => {
      hydrateRoot(container, <Bar />);
    });
    expect(container.querySelector('header')).toHaveAttribute('data-state', 'scrolled');
    container.remove();
  });
});
