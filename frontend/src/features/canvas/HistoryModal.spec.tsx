/**
 * @jest-environment ./frontend/src/test/jsdom-environment.cjs
 */
import type { ProjectVersion } from '@visualnotes/contracts';
import { screen } from '@testing-library/react';
import { writeTokens } from '../../app/api/tokens';
import { changeLocale, type UiLocaleCode } from '../../i18n/i18n';
import { apiServerPerTest, renderAt } from '../../test/render';
import { HistoryModal } from './HistoryModal';

const api = apiServerPerTest({});

afterEach(() => changeLocale('en', false));

const version = (id: string, changed: number, elements: number): ProjectVersion => ({
  id,
  project_version: 1,
  created_at: '2026-11-01T10:00:00Z',
  author_id: 'u1',
  reason: 'save',
  changed_elements: changed,
  elements,
});

async function versionTexts(language: UiLocaleCode) {
  await changeLocale(language, false);
  api().on('GET /projects/p1/versions', { status: 200, body: [version('v2', 2, 5), version('v1', 1, 1)] });
  writeTokens({ token: 'Bearer a-token', refresh_token: 'a-refresh-token' });
  renderAt('/projects/p1', { '/projects/:id': <HistoryModal projectId="p1" canRestore onRestored={() => undefined} onClose={() => undefined} /> });
  return (await screen.findAllByTestId('version-item')).map((b) => b.textContent);
}

describe('the version history', () => {
  it('counts the elements of a version in the singular and the plural', async () => {
    const [many, one] = await versionTexts('en');
    expect(many).toContain('2 changed · 5 elements');
    expect(one).toContain('1 changed · 1 element');
    expect(one).not.toContain('1 elements');
  });

  it('counts them in Chinese too', async () => {
    const [many, one] = await versionTexts('zh-CN');
    expect(many).toContain('2 处改动 · 5 个元素');
    expect(one).toContain('1 处改动 · 1 个元素');
  });
});
