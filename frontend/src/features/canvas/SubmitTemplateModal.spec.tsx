/**
 * @jest-environment ./frontend/src/test/jsdom-environment.cjs
 */
import { screen, waitFor } from '@testing-library/react';
import { writeTokens } from '../../app/api/tokens';
import { apiServerPerTest, renderAt } from '../../test/render';
import { SubmitTemplateModal } from './ProjectModals';

const api = apiServerPerTest({});

describe('submitting a project as a template', () => {
  it('sends one submission for a double click on “Submit”, named after the project', async () => {
    writeTokens({ token: 'Bearer a-token', refresh_token: 'a-refresh-token' });
    let answer: () => void = () => undefined;
    api().on('POST /templates', () => new Promise((resolve) => (answer = () => resolve({ status: 500 }))));
    const u = renderAt('/projects/p1', { '/projects/:id': <SubmitTemplateModal projectId="p1" title="Roadmap" onClose={() => undefined} /> });

    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Roadmap');
    await u.dblClick(screen.getByTestId('submit-template'));
    const posts = () => api().received.filter((r) => r.method === 'POST' && r.path === '/templates');
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(screen.getByTestId('submit-template').getAttribute('aria-busy')).toBe('true');

    answer();
    await waitFor(() => expect(screen.getByTestId('submit-template').hasAttribute('disabled')).toBe(false));
    expect(posts()).toHaveLength(1);
  });
});
