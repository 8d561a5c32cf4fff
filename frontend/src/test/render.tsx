import { configure, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { makeStore } from '../app/store';
import { initAuth } from '../features/auth/session';
import { ApiServer, useServerAsBase as sendApiCallsTo } from './api-server';

// Component specs wait for what a real (loopback) server answers: on a machine busy with the other
// test layers that can take longer than Testing Library's 1 s default, so `findBy…` waits up to 5 s.
configure({ asyncUtilTimeout: 5_000 });

/**
 * The gateway of a component spec, played by a tiny HTTP server on a free port (no request mocking
 * library): started before each test with `capabilities` as `GET /capabilities`, stopped after it.
 * Answers a getter for the current test's server.
 */
export function apiServerPerTest(capabilities: Record<string, boolean>): () => ApiServer {
  let server: ApiServer;
  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    server = await new ApiServer().start();
    sendApiCallsTo(server);
    server.on('GET /capabilities', { status: 200, body: capabilities });
  });
  afterEach(() => server.stop());
  return () => server;
}

/** Renders the app's store, session and router at `path`, with a page per route; answers a user to act with. */
export function renderAt(path: string, routes: Record<string, ReactElement>) {
  const store = makeStore();
  initAuth(store);
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          {Object.entries(routes).map(([route, element]) => (
            <Route key={route} path={route} element={element} />
          ))}
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return userEvent.setup();
}
