import { act, render } from '@testing-library/react';
import { Modal } from 'antd';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';

/** Renders a page at `url` under `path`, as the shell's router would. */
export function renderAt(path: string, url: string, page: ReactElement) {
  const router = createMemoryRouter([{ path, element: page }], { initialEntries: [url] });
  return render(<RouterProvider router={router} />);
}

/** antd's dialogs live outside the rendered tree: close them between tests. */
export function closeDialogs() {
  act(() => Modal.destroyAll());
}
