/**
 * @jest-environment ./frontend/src/test/jsdom-environment.cjs
 */
import { screen, waitFor } from '@testing-library/react';
import { writeTokens } from '../../app/api/tokens';
import { apiServerPerTest, renderAt } from '../../test/render';
import { TemplatePage } from './TemplatePage';

const api = apiServerPerTest({});
const user = { id: 'u1', name: 'Ann', email: 'ann@example.com', scope: [], plan: null, locale: 'en' as const, created_at: '2026-01-01T00:00:00Z' };
const template = { id: 't1', name: 'Mind map', category: 'mind-map', description: 'A mind map', scene: { elements: [], appState: {}, files: {} } };

describe('a template', () => {
  it('makes one project of a double click on “Use template”', async () => {
    writeTokens({ token: 'Bearer a-token', refresh_token: 'a-refresh-token' });
    let answer: () => void = () => undefined;
    api()
      .on('GET /auth/user', { status: 200, body: { user } })
      .on('GET /templates/t1', { status: 200, body: template })
      .on('POST /projects', () => new Promise((resolve) => (answer = () => resolve({ status: 500 }))));
    const u = renderAt('/templates/t1', { '/templates/:id': <TemplatePage /> });

    await u.dblClick(await screen.findByTestId('use-template'));
    await waitFor(() => expect(api().received.filter((r) => r.method === 'POST' && r.path === '/projects')).toHaveLength(1));
    expect(screen.getByTestId('use-template').getAttribute('aria-busy')).toBe('true');

    answer();
    await waitFor(() => expect(screen.getByTestId('use-template').hasAttribute('disabled')).toBe(false));
    expect(api().received.filter((r) => r.method === 'POST' && r.path === '/projects')).toHaveLength(1);
  });
});
