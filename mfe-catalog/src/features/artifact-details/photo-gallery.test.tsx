import { keptPhoto } from '@antiquarium/testing';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PHOTO_GALLERY_TEXTS, PhotoGallery } from './photo-gallery';

const SIZES = '(min-width: 1200px) 568px, calc(100vw - 2rem)';

function threePhotos() {
  return [
    keptPhoto({ alt: 'The sickle from the front', caption: 'Found in a bog near Roskilde, 1932.' }),
    keptPhoto({ alt: 'The hafting knob, close up', width: 1200, height: 1600 }),
    keptPhoto({ alt: 'The blade’s edge', caption: 'Wear marks along the edge.' }),
  ];
}

function largePhoto() {
  return within(screen.getByRole('figure')).getByRole('img');
}

test('the first photo large, with its alt text and its caption under it as the figure’s caption', () => {
  const photos = threePhotos();
  render(<PhotoGallery photos={photos} name="Bronze Sickle" sizes={SIZES} />);
  const figure = screen.getByRole('figure');
  const image = within(figure).getByRole('img', { name: 'The sickle from the front' });
  expect(image).toHaveAttribute('src', photos[0]?.url);
  expect(image).toHaveAttribute('sizes', SIZES);
  expect(image).toHaveAttribute('fetchpriority', 'high');
  expect(image).toHaveAttribute('width', '1600');
  expect(image).toHaveAttribute('height', '1200');
  expect(figure.querySelector('figcaption')).toHaveTextContent('Found in a bog near Roskilde, 1932.');
});

test('a thumbnail per photo, named by its place and alt text; the shown one pressed', () => {
  render(<PhotoGallery photos={threePhotos()} name="Bronze Sickle" sizes={SIZES} />);
  const group = screen.getByRole('list', { name: PHOTO_GALLERY_TEXTS.choose });
  const buttons = within(group).getAllByRole('button');
  expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([
    'Photo 1 of 3: The sickle from the front',
    'Photo 2 of 3: The hafting knob, close up',
    'Photo 3 of 3: The blade’s edge',
  ]);
  expect(buttons.map((button) => button.getAttribute('aria-pressed'))).toEqual(['true', 'false', 'false']);
  // The thumbnails' pictures are decorative: the buttons' names say what they show.
  expect(within(group).queryAllByRole('img')).toEqual([]);
});

test('pressing a thumbnail shows its photo large, with its own caption (or none)', async () => {
  const user = userEvent.setup();
  const photos = threePhotos();
  render(<PhotoGallery photos={photos} name="Bronze Sickle" sizes={SIZES} />);

  await user.click(screen.getByRole('button', { name: 'Photo 2 of 3: The hafting knob, close up' }));
  expect(largePhoto()).toHaveAccessibleName('The hafting knob, close up');
  expect(largePhoto()).toHaveAttribute('src', photos[1]?.url);
  // Its own shape: a portrait photo's box is portrait before it arrives.
  expect(largePhoto()).toHaveAttribute('width', '1200');
  expect(largePhoto()).toHaveAttribute('height', '1600');
  expect(screen.getByRole('figure').querySelector('figcaption')).toBeNull();
  expect(screen.getByRole('button', { name: /^Photo 2 of 3/ })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByRole('button', { name: /^Photo 1 of 3/ })).toHaveAttribute('aria-pressed', 'false');

  await user.click(screen.getByRole('button', { name: /^Photo 3 of 3/ }));
  expect(screen.getByRole('figure').querySelector('figcaption')).toHaveTextContent('Wear marks along the edge.');
  expect(largePhoto()).toHaveAccessibleName('The blade’s edge');
});

test('the keyboard reaches every thumbnail and switches with Enter or Space', async () => {
  const user = userEvent.setup();
  render(<PhotoGallery photos={threePhotos()} name="Bronze Sickle" sizes={SIZES} />);
  await user.tab();
  expect(screen.getByRole('button', { name: /^Photo 1 of 3/ })).toHaveFocus();
  await user.tab();
  await user.keyboard('{Enter}');
  expect(largePhoto()).toHaveAccessibleName('The hafting knob, close up');
  await user.tab();
  await user.keyboard(' ');
  expect(largePhoto()).toHaveAccessibleName('The blade’s edge');
  expect(screen.getByRole('button', { name: /^Photo 3 of 3/ })).toHaveAttribute('aria-pressed', 'true');
});

test('one photo: no thumbnails; a photo without alt text is named after the artifact', () => {
  render(<PhotoGallery photos={[keptPhoto({ alt: ' ' })]} name="Bronze Sickle" sizes={SIZES} />);
  expect(screen.queryByRole('list')).toBeNull();
  expect(screen.queryByRole('button')).toBeNull();
  expect(largePhoto()).toHaveAccessibleName('Bronze Sickle');
  expect(PHOTO_GALLERY_TEXTS.thumbnail(2, 3, ' ')).toBe('Photo 2 of 3');
});
