import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ZOOM_FRAME_TEXTS, ZoomFrame } from './zoom-frame';

// The viewer itself is OpenSeadragon on a canvas (a journey drives it, e2e/tests/deep-zoom.spec.ts);
// here it is a stand-in that says what it was given.
jest.mock('./deep-zoom-viewer', () => ({
  __esModule: true,
  default: ({ manifestUrl, index, onClose }: { manifestUrl: string; index: number; onClose: () => void }) => (
    <div>
      <p>
        viewer of {manifestUrl} at {index}
      </p>
      <button type="button" onClick={onClose}>
        Close zoom
      </button>
    </div>
  ),
}));

const MANIFEST = 'https://api.example.org/iiif/3/artifacts/abc/manifest';

test('the picture with a way into deep zoom; opening it replaces the picture with the viewer at the shown photo', async () => {
  render(
    <ZoomFrame manifestUrl={MANIFEST} index={2} name="Oil lamp">
      <img alt="The lamp" src="lamp.jpg" />
    </ZoomFrame>,
  );
  expect(screen.getByRole('img', { name: 'The lamp' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: ZOOM_FRAME_TEXTS.open }));
  expect(await screen.findByText(`viewer of ${MANIFEST} at 2`)).toBeInTheDocument();
  expect(screen.queryByRole('img', { name: 'The lamp' })).not.toBeInTheDocument();
});

test('closing the viewer brings the picture back and the focus to the button that opened it', async () => {
  render(
    <ZoomFrame manifestUrl={MANIFEST} index={0} name="Oil lamp">
      <img alt="The lamp" src="lamp.jpg" />
    </ZoomFrame>,
  );
  await userEvent.click(screen.getByRole('button', { name: ZOOM_FRAME_TEXTS.open }));
  await userEvent.click(await screen.findByRole('button', { name: 'Close zoom' }));
  expect(screen.getByRole('img', { name: 'The lamp' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: ZOOM_FRAME_TEXTS.open })).toHaveFocus();
});

test('no manifest (a hidden record): the picture alone, no zoom', () => {
  render(
    <ZoomFrame manifestUrl="" index={0} name="Oil lamp">
      <img alt="The lamp" src="lamp.jpg" />
    </ZoomFrame>,
  );
  expect(screen.getByRole('img', { name: 'The lamp' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: ZOOM_FRAME_TEXTS.open })).not.toBeInTheDocument();
});
