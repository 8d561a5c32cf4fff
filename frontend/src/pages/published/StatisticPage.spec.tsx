/**
 * @jest-environment ./frontend/src/test/jsdom-environment.cjs
 */
import { screen } from '@testing-library/react';
import { writeTokens } from '../../app/api/tokens';
import { apiServerPerTest, renderAt } from '../../test/render';
import { StatisticPage } from './StatisticPage';

const api = apiServerPerTest({});
const user = { id: 'u1', name: 'Ann', email: 'ann@example.com', scope: [], plan: null, locale: 'en' as const, created_at: '2026-01-01T00:00:00Z' };
const item = { project_id: 'p1', public_id: 'pub12345', title: 'Trip plan', url: '/p/pub12345', published_at: '2026-01-01T00:00:00Z', views: 3, visitors: 2 };
const stats = { views: 3, visitors: 2, by_day: [], referrers: [] };

describe('the statistics of one published project', () => {
  beforeEach(() => writeTokens({ token: 'Bearer a-token', refresh_token: 'a-refresh-token' }));

  it('names the project and links to its published page', async () => {
    api()
      .on('GET /auth/user', { status: 200, body: { user } })
      .on('GET /published', { status: 200, body: [item] })
      .on('GET /p/pub12345/statistics', { status: 200, body: stats });
    renderAt('/p/statistic/pub12345', { '/p/statistic/:id?': <StatisticPage /> });

    expect((await screen.findByText('Statistics: Trip plan')).getAttribute('data-testid')).toBe('statistic-title');
    expect((await screen.findByRole('link', { name: 'Open the published page' })).getAttribute('href')).toBe('/p/pub12345');
  });

  it('is the not-found page for an id that is not published', async () => {
    api()
      .on('GET /auth/user', { status: 200, body: { user } })
      .on('GET /published', { status: 200, body: [item] })
      .on('GET /p/missing1/statistics', { status: 404, body: { statusCode: 404, message: 'Not found' } });
    renderAt('/p/statistic/missing1', { '/p/statistic/:id?': <StatisticPage /> });

    expect((await screen.findByTestId('error-status')).textContent).toBe('404');
    expect(screen.queryByRole('link', { name: 'Open the published page' })).toBeNull();
    expect(screen.queryByTestId('statistic-title')).toBeNull();
  });
});
