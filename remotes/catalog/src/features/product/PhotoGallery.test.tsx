import { renderWithProviders } from '@preloved/shared/test-utils';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import '../../i18n';
import { PhotoGallery } from './PhotoGallery';

const PHOTOS = ['/api/assets/photos/coat/camel/1-7-c4.svg', '/api/assets/photos/coat/camel/2-7-c4.svg', '/api/assets/photos/coat/camel/3-7-c4.svg'];

function Gallery() {
  const [index, setIndex] = useState(0);
  return <PhotoGallery photos={PHOTOS} index={index} onIndex={setIndex} title="Wool overcoat" />;
}

describe('PhotoGallery', () => {
  it('chooses a photo from its thumbnails, opens it full screen, steps through with buttons and keys, zooms on a tap and closes', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Gallery />);
    await user.click(await screen.findByRole('button', { name: 'Photo 2' }));
    expect(screen.getByRole('button', { name: 'Photo 2' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Photo 2 of 3, open full screen' }));
    const zoom = await screen.findByRole('dialog', { name: 'Wool overcoat, photo 2 of 3' });
    expect(within(zoom).getByRole('img')).toHaveAttribute('src', PHOTOS[1]);
    await user.click(within(zoom).getByRole('button', { name: 'Next photo' }));
    expect(within(zoom).getByRole('img')).toHaveAttribute('src', PHOTOS[2]);
    await user.keyboard('{ArrowRight}');
    expect(within(zoom).getByRole('img')).toHaveAttribute('src', PHOTOS[0]);
    await user.keyboard('{ArrowLeft}');
    expect(within(zoom).getByRole('img')).toHaveAttribute('src', PHOTOS[2]);
    // The page behind follows: its thumbnail of the photo shown is chosen.
    expect(screen.getByRole('button', { name: 'Photo 3', hidden: true })).toHaveAttribute('aria-pressed', 'true');
    expect(within(zoom).getByText('Tap the photo to zoom in')).toBeInTheDocument();
    await user.pointer([{ keys: '[MouseLeft>]', target: within(zoom).getByRole('img') }, { keys: '[/MouseLeft]', target: within(zoom).getByRole('img') }]);
    expect(within(zoom).getByRole('img').style.transform).toBe('scale(2.5)');
    expect(within(zoom).getByText('Drag to look around, tap to zoom out')).toBeInTheDocument();
    await user.click(within(zoom).getByRole('button', { name: 'Close photo' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
