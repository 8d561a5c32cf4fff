/**
 * @jest-environment ./frontend/src/test/jsdom-environment.cjs
 */
import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { writeTokens } from '../../app/api/tokens';
import { apiServerPerTest, renderAt } from '../../test/render';
import { LoginPage } from '../account/LoginPage';
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

  it('goes on with “Use template” after the login it asked for, making one project', async () => {
    sessionStorage.clear();
    let answer: () => void = () => undefined;
    api()
      .on('GET /auth/user', { status: 401, body: { statusCode: 401, message: 'Unauthorized' } })
      .on('GET /templates/t1', { status: 200, body: template })
      .on('POST /auth/login', { status: 200, body: { token: 'access-1', refresh_token: 'refresh-1', user } })
      .on('POST /projects', () => new Promise((resolve) => (answer = () => resolve({ status: 500 }))));
    const u = renderAt('/templates/t1', { '/templates/:id': <TemplatePage />, '/account/login': <LoginPage /> });

    await u.click(await screen.findByTestId('use-template'));
    await u.type(await screen.findByLabelText('E-mail'), 'ann@example.com');
    await u.type(screen.getByLabelText('Password'), 'correct horse');
    await u.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(api().received.filter((r) => r.method === 'POST' && r.path === '/projects')).toHaveLength(1));
    expect(screen.getByTestId('use-template').getAttribute('aria-busy')).toBe('true');
    answer();
    await waitFor(() => expect(screen.getByTestId('use-template').hasAttribute('disabled')).toBe(false));
    expect(api().received.filter((r) => r.method === 'POST' && r.path === '/projects')).toHaveLength(1);
  });

  it('makes nothing from a link that carries the flag alone', async () => {
    sessionStorage.clear();
    writeTokens({ token: 'Bearer a-token', refresh_token: 'a-refresh-token' });
    api().on('GET /auth/user', { status: 200, body: { user } }).on('GET /templates/t1', { status: 200, body: template });
    const Where = () => <code data-testid="where">{useLocation().search}</code>;
    renderAt('/templates/t1?use=1', {
      '/templates/:id': (
        <>
          <TemplatePage />
          <Where />
        </>
      ),
    });

    await screen.findByTestId('use-template');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(''));
    expect(api().received.filter((r) => r.method === 'POST' && r.path === '/projects')).toHaveLength(0);
  });

  it('is the site’s not-found page for an unknown template', async () => {
    api()
      .on('GET /auth/user', { status: 401, body: { statusCode: 401, message: 'Unauthorized' } })
      .on('GET /templates/nope1', { status: 404, body: { statusCode: 404, message: 'Template not found' } });
    renderAt('/templates/nope1', { '/templates/:id': <TemplatePage /> });

    expect((await screen.findByTestId('error-status')).textContent).toBe('404');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('404');
    expect(screen.queryByTestId('template-panel')).toBeNull();
  });
});
