// The catalog's pages rendered on the server as frames (docs/decisions/0010): the shell's server
// sends the page's api answers, this renders the exposed page with them, as the browser's first
// render will (the same components, reading the same answers), and the shell puts the markup in the
// document. Built by rspack into dist/server/frames.mjs; deploy/serve-static.mjs --frames-port runs
// it (the style sheets come from the browser build's manifest, beside it).
import { configureApiClient } from '@antiquarium/api-client';
import { withDocumentAnswers } from '@antiquarium/api-client/hand-over';
import { composedModules, type FrameRequest } from '@antiquarium/contracts/first-page';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import AllArtifactsPage from '../features/all-artifacts/all-artifacts-page';
import CollectionPage from '../features/collection/collection-page';
import HomePage from '../features/home/home-page';

/**
 * The components of the catalog's composed first pages, by exposed module; which modules those are,
 * and at which route each renders, is the contracts' table of first pages (FIRST_PAGES).
 */
const PAGES: Readonly<Record<string, ComponentType>> = {
  './Home': HomePage,
  './AllArtifacts': AllArtifactsPage,
  './Collection': CollectionPage,
};

const FRAMED: Readonly<Record<string, { Page: ComponentType; route: string }>> = Object.fromEntries(
  composedModules('catalog').flatMap(({ expose, route }) => {
    const Page = PAGES[expose];
    return Page ? [[expose, { Page, route }]] : [];
  }),
);

export const framedModules: readonly string[] = Object.keys(FRAMED);

/** The page's markup, or undefined for a module rendered in the browser only. */
export function renderFrame({ module, url, apiUrl, answers }: FrameRequest): string | undefined {
  const framed = FRAMED[module];
  if (!framed) return undefined;
  const { Page, route } = framed;
  // A visitor's view: the frame is public (no token is ever asked for while rendering).
  configureApiClient({ baseUrl: apiUrl, getToken: async () => null });
  return withDocumentAnswers(apiUrl, answers, () =>
    renderToString(
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={route} element={<Page />} />
        </Routes>
      </MemoryRouter>,
    ),
  );
}
