import { setLanguage } from '@preloved/shared';
import { act, within } from '@testing-library/react';
import '../../i18n';
import { resellReference } from '../../lib/resell-link';
import { mount } from './mount-resell-widget';

// "Resell this": the seller remote's widget for the brand's order page carries the
// piece's catalogue reference and nothing else.

describe('Resell from the main shop: the widget', () => {
  afterEach(() => act(() => setLanguage('en')));

  it('is a link into the store’s selling page that carries the reference and nothing else', async () => {
    const element = document.createElement('div');
    document.body.append(element);
    let unmount = () => undefined as void;
    act(() => {
      unmount = mount(element, { reference: '33', storeUrl: 'https://brand.example/pre-loved/' });
    });
    const link = await within(element).findByRole('link', { name: 'Resell this' });
    expect(link).toHaveAttribute('href', 'https://brand.example/pre-loved/user/submit-item-2hand?resell=33');
    act(() => unmount());
    expect(element).toBeEmptyDOMElement();
    element.remove();
  });

  it('speaks Portuguese when the page asks for it', async () => {
    const element = document.createElement('div');
    document.body.append(element);
    await act(async () => {
      mount(element, { reference: 462, storeUrl: '', language: 'pt' });
      await setLanguage('pt');
    });
    expect(await within(element).findByRole('link', { name: 'Revender esta peça' })).toHaveAttribute('href', '/user/submit-item-2hand?resell=462');
    element.remove();
  });

  it.each(['', 'abc', '0', '33&price=1', '33 OR 1=1', '99999999999'])('mounts nothing for %j, which is not a catalogue reference', (reference) => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const element = document.createElement('div');
    act(() => void mount(element, { reference, storeUrl: '' }));
    expect(element).toBeEmptyDOMElement();
    warn.mockRestore();
  });

  it('reads a reference as a whole positive number that fits the database', () => {
    expect(resellReference('33')).toBe(33);
    expect(resellReference(' 462 ')).toBe(462);
    expect(resellReference(2147483647)).toBe(2147483647);
    expect(resellReference(2147483648)).toBeNull();
    expect(resellReference('033')).toBeNull();
    expect(resellReference(null)).toBeNull();
  });
});
