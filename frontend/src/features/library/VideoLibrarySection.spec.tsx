/**
 * @jest-environment ./frontend/src/test/jsdom-environment.cjs
 */
import { Messages } from '@visualnotes/contracts';
import { screen, waitFor } from '@testing-library/react';
import { writeTokens } from '../../app/api/tokens';
import { apiServerPerTest, renderAt } from '../../test/render';
import { VideoLibrarySection } from './VideoLibrarySection';

const api = apiServerPerTest({});
const tagPosts = () => api().received.filter((r) => r.method === 'POST' && r.path === '/tags');

describe('the video library', () => {
  beforeEach(() => writeTokens({ token: 'Bearer a-token', refresh_token: 'a-refresh-token' }));

  it('forgets the last tag error once another tag is sent, and sends it once while it is pending', async () => {
    let answer: () => void = () => undefined;
    api()
      .on('GET /videos', { status: 200, body: [] })
      .on('GET /tags', { status: 200, body: [] })
      .on('POST /tags', () => new Promise((resolve) => (answer = () => resolve({ status: 201, body: { id: 'g1', name: 'Talks' } }))));
    const u = renderAt('/account', { '/account': <VideoLibrarySection /> });

    await u.click(await screen.findByRole('button', { name: 'Add tag' }));
    expect((await screen.findByRole('alert')).textContent).toBe(Messages.tagNameRequired);

    await u.type(screen.getByLabelText('New tag'), 'Talks');
    expect(screen.queryByRole('alert')).toBeNull();
    const button = screen.getByRole('button', { name: 'Add tag' });
    await u.dblClick(button);
    await waitFor(() => expect(tagPosts()).toHaveLength(1));
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();

    answer();
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    expect(tagPosts()).toHaveLength(1);
  });

  it('says it is searching while a search runs', async () => {
    const held: (() => void)[] = [];
    const answer = () => held.splice(0).forEach((release) => release());
    api()
      .on('GET /tags', { status: 200, body: [] })
      .on('GET /videos', () =>
        // the first list at once, the search held until the spec has looked
        api().received.filter((r) => r.path === '/videos').length === 1
          ? { status: 200, body: [] }
          : new Promise((resolve) => held.push(() => resolve({ status: 200, body: [] }))),
      );
    const u = renderAt('/account', { '/account': <VideoLibrarySection /> });
    await screen.findByText('No videos yet.');

    await u.type(screen.getByLabelText('Search videos'), 'solar');
    await u.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByTestId('video-search-busy')).textContent).toBe('Searching…');

    answer();
    expect(await screen.findByText('No videos match these filters.')).toBeTruthy();
    expect(screen.queryByTestId('video-search-busy')).toBeNull();
  });
});
