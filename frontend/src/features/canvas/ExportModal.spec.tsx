/**
 * @jest-environment ./frontend/src/test/jsdom-environment.cjs
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { writeTokens } from '../../app/api/tokens';
import { changeLocale } from '../../i18n/i18n';
import { apiServerPerTest, renderAt } from '../../test/render';
import { ExportModal } from './ExportModal';

const api = apiServerPerTest({});
afterEach(() => changeLocale('en', false));

const frames = [
  { id: 'f1', name: 'Intro' },
  { id: 'f2', name: '' },
];
const open = () => {
  writeTokens({ token: 'Bearer a-token', refresh_token: 'a-refresh-token' });
  renderAt('/projects/p1', { '/projects/:id': <ExportModal projectId="p1" title="Plan" frames={frames} onClose={() => undefined} /> });
};

describe('the Export dialog', () => {
  it('sends the chosen format, frames and options, then shows the outcome in words', async () => {
    api()
      .on('POST /projects/p1/export', { status: 202, body: { export_id: 'e1' } })
      .on('GET /exports/e1', {
        status: 200,
        body: {
          export_id: 'e1',
          project_id: 'p1',
          format: 'pptx',
          status: 'failed',
          progress: 40,
          error: 'The export could not be made; please try again',
          created_at: '2026-11-29T10:00:00Z',
        },
      });
    open();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'PowerPoint (a slide per frame)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Frame 2' }));
    await user.click(screen.getByRole('checkbox', { name: 'Dark mode' }));
    await user.click(screen.getByTestId('export-start'));
    expect((await screen.findByRole('alert', {}, { timeout: 15_000 })).textContent).toBe('The export could not be made; please try again');
    const sent = api().received.find((r) => r.method === 'POST');
    expect(sent?.body).toEqual({ format: 'pptx', frames: ['f1'], background: true, dark: true, scale: 2 });
  }, 60_000);

  it('asks for at least one frame; every control is a native one, reached by keyboard', async () => {
    open();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'All frames' }));
    await user.click(screen.getByTestId('export-start'));
    expect((await screen.findByRole('alert')).textContent).toBe('Please choose the frames to export');
    expect(api().received.some((r) => r.method === 'POST')).toBe(false);
    // native controls only, each named: reachable and usable by keyboard
    for (const control of screen.getByRole('dialog').querySelectorAll('input, select, button')) expect(control.getAttribute('tabindex')).not.toBe('-1');
  });

  it('speaks Chinese', async () => {
    await changeLocale('zh-CN', false);
    open();
    expect(await screen.findByRole('dialog', { name: '导出' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'PDF（每个画框一页）' })).toBeTruthy();
  });
});
