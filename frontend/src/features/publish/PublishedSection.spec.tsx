/**
 * @jest-environment ./frontend/src/test/jsdom-environment.cjs
 */
import { screen, waitFor } from '@testing-library/react';
import { writeTokens } from '../../app/api/tokens';
import { apiServerPerTest, renderAt } from '../../test/render';
import { PublishedSection } from './PublishedSection';

const api = apiServerPerTest({});

describe('the account’s projects', () => {
  it('makes one project of a double click on “New project”, the button busy until it is made', async () => {
    writeTokens({ token: 'Bearer a-token', refresh_token: 'a-refresh-token' });
    let answer: () => void = () => undefined;
    api()
      .on('GET /projects', { status: 200, body: [] })
      .on('GET /published', { status: 200, body: [] })
      // held until the spec has double-clicked; then refused, so nothing is opened
      .on('POST /projects', () => new Promise((resolve) => (answer = () => resolve({ status: 500 }))));
    const u = renderAt('/account', { '/account': <PublishedSection /> });

    await u.dblClick(await screen.findByTestId('new-project'));
    await waitFor(() => expect(api().received.filter((r) => r.method === 'POST' && r.path === '/projects')).toHaveLength(1));
    const button = screen.getByTestId('new-project');
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');

    answer();
    await waitFor(() => expect(screen.getByTestId('new-project').hasAttribute('disabled')).toBe(false));
    expect(api().received.filter((r) => r.method === 'POST' && r.path === '/projects')).toHaveLength(1);
  });
});
