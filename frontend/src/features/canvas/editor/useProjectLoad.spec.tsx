/**
 * @jest-environment ./frontend/src/test/jsdom-environment.cjs
 */
import type { Project } from '@visualnotes/contracts';
import { act, screen } from '@testing-library/react';
import { writeTokens } from '../../../app/api/tokens';
import { apiServerPerTest, renderAt } from '../../../test/render';
import type { Loaded } from './open-project';
import { useProjectLoad } from './useProjectLoad';

// IndexedDB (the device copy) is a browser matter, left out here: no device copy.
jest.mock('../offline-store', () => ({
  readLocalProject: async () => undefined,
  writeLocalProject: async () => undefined,
  removeLocalProject: async () => undefined,
  readImage: async () => undefined,
  writeImage: async () => undefined,
}));

const api = apiServerPerTest({});

const project = (title: string): Project => ({
  id: 'p1',
  role: 'viewer',
  title,
  version: 3,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
  public_id: null,
  scene: { type: 'excalidraw', version: 2, elements: [], appState: {}, files: {} } as never,
});

let opened: Loaded[] = [];
let reload: () => void = () => undefined;

function Probe({ id }: { id: string }) {
  const state = useProjectLoad(id, (l) => opened.push(l));
  reload = state.reload;
  if (state.failure) return <p role="alert">{state.failure}</p>;
  return <p data-testid="state">{state.loaded ? `${state.loaded.local.title} (${state.loaded.role})` : 'loading'}</p>;
}

const render = (id = 'p1') => {
  writeTokens({ token: 'Bearer a-token', refresh_token: 'a-refresh-token' });
  return renderAt(`/projects/${id}`, { '/projects/:id': <Probe id={id} /> });
};
const projectRequests = () => api().received.filter((r) => r.path === '/projects/p1').length;

beforeEach(() => {
  opened = [];
});

it('opens the project once, with the role the server gives, and tells the page first', async () => {
  api().on('GET /projects/p1', { status: 200, body: project('Trip plan') });
  render();
  expect((await screen.findByText('Trip plan (viewer)')).textContent).toBe('Trip plan (viewer)');
  expect(opened.map((l) => [l.local.title, l.offline, l.publicId])).toEqual([['Trip plan', false, null]]);
  // the request started at once and was used for the first opening: one, not two
  expect(projectRequests()).toBe(1);
});

it('says in words that a project is not there', async () => {
  render();
  expect((await screen.findByRole('alert')).textContent).toBe('Project not found');
  expect(opened).toEqual([]);
});

it('opens the project again from the server on reload', async () => {
  let title = 'First';
  api().on('GET /projects/p1', async () => ({ status: 200, body: project(title) }));
  render();
  await screen.findByText('First (viewer)');
  title = 'Restored';
  act(() => reload());
  await screen.findByText('Restored (viewer)');
  expect(projectRequests()).toBe(2);
  expect(opened.map((l) => l.local.title)).toEqual(['First', 'Restored']);
});
