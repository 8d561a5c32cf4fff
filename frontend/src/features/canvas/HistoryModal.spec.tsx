/**
 * @jest-environment ./frontend/src/test/jsdom-environment.cjs
 */
import type { Project, ProjectVersion, Scene, VersionComparison } from '@visualnotes/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { writeTokens } from '../../app/api/tokens';
import { changeLocale, type UiLocaleCode } from '../../i18n/i18n';
import { apiServerPerTest, renderAt } from '../../test/render';
import { HistoryModal } from './HistoryModal';
import { COMPARE_COLOURS, comparisonScene } from './version-compare';

const api = apiServerPerTest({});

afterEach(() => changeLocale('en', false));

const version = (id: string, changed: number, elements: number, editors: string[] = ['u1']): ProjectVersion => ({
  id,
  project_version: 1,
  created_at: '2026-11-01T10:00:00Z',
  author_id: 'u1',
  editor_ids: editors,
  reason: 'save',
  changed_elements: changed,
  elements,
});

const el = (id: string, extra: Record<string, unknown> = {}) =>
  ({
    id,
    type: 'rectangle',
    x: 0,
    y: 0,
    width: 10,
    height: 10,
    version: 1,
    versionNonce: 1,
    isDeleted: false,
    strokeColor: '#1e1e1e',
    ...extra,
  }) as Scene['elements'][number];
const sc = (...elements: Scene['elements']): Scene => ({ elements, appState: {}, files: {} });

function render(props: { canRestore?: boolean; people?: Record<string, string>; onRestored?: (p: Project) => void } = {}) {
  writeTokens({ token: 'Bearer a-token', refresh_token: 'a-refresh-token' });
  renderAt('/projects/p1', {
    '/projects/:id': (
      <HistoryModal
        projectId="p1"
        canRestore={props.canRestore ?? true}
        people={props.people}
        onRestored={props.onRestored ?? (() => undefined)}
        onClose={() => undefined}
      />
    ),
  });
}

async function versionTexts(language: UiLocaleCode) {
  await changeLocale(language, false);
  api().on('GET /projects/p1/versions', { status: 200, body: [version('v2', 2, 5), version('v1', 1, 1)] });
  render();
  // the first render of the file loads the modules too: more than the usual second
  return (await screen.findAllByTestId('version-item', {}, { timeout: 10_000 })).map((b) => b.textContent);
}

/** v1 had a, b, c; now a is moved, b is gone and d is new. */
function compareServer() {
  const comparison: VersionComparison = {
    from: version('v1', 3, 3),
    to: null,
    added: ['d'],
    removed: ['b'],
    changed: ['a'],
    counts: { added: 1, removed: 1, changed: 1 },
  };
  const project = { id: 'p1', version: 7, scene: sc(el('a', { x: 50, version: 2 }), el('c'), el('d', { type: 'text', text: 'New note' })) };
  return api()
    .on('GET /projects/p1/versions', { status: 200, body: [version('v2', 1, 3, ['u1', 'u2', 'u3']), version('v1', 3, 3)] })
    .on('GET /projects/p1/versions/compare', { status: 200, body: comparison })
    .on('GET /projects/p1/versions/v1', { status: 200, body: { ...version('v1', 3, 3), scene: sc(el('a'), el('b'), el('c')) } })
    .on('GET /projects/p1', { status: 200, body: project })
    .on('POST /projects/p1/versions/v1/restore-elements', { status: 200, body: { ...project, version: 8 } });
}

async function compareOldestWithNow() {
  const from = await screen.findByTestId('compare-from', {}, { timeout: 10_000 });
  fireEvent.change(from, { target: { value: 'v1' } });
  fireEvent.click(screen.getByTestId('compare-run'));
  return screen.findByTestId('compare-result', {}, { timeout: 10_000 });
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

  it('names who made each version, as far as the page knows them', async () => {
    compareServer();
    render({ people: { u1: 'you', u2: 'Ana' } });
    const [newest, oldest] = await screen.findAllByTestId('version-editors', {}, { timeout: 10_000 });
    expect(newest.textContent).toBe('by you, Ana, a collaborator');
    expect(oldest.textContent).toBe('by you');
  });

  it('compares a version with the canvas now: counts, the changes in colour, and restores the chosen element after asking', async () => {
    compareServer();
    const restored: Project[] = [];
    render({ onRestored: (p) => restored.push(p) });
    const result = await compareOldestWithNow();
    // "now" is chosen to compare with at first
    expect((screen.getByTestId('compare-to') as HTMLSelectElement).selectedOptions[0].textContent).toBe('The canvas now');
    const counts = within(result).getByTestId('compare-counts');
    expect(counts.textContent).toBe('1 added1 removed1 changed');
    const rows = within(result)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rows).toEqual(['Added: Text “New note”', 'Removed: Rectangle', 'Changed: Rectangle']);

    const restore = screen.getByTestId('restore-elements');
    expect((restore as HTMLButtonElement).disabled).toBe(true);
    const removed = screen.getAllByTestId('change-pick').find((c) => c.getAttribute('data-element-id') === 'b')!;
    fireEvent.click(removed);
    expect(restore.textContent).toBe('Restore selected (1)');
    fireEvent.click(restore);
    // nothing is sent before the confirmation
    expect(api().received.some((r) => r.method === 'POST')).toBe(false);
    expect(result.textContent).toContain('Put 1 elements back as they were on');
    fireEvent.click(screen.getByTestId('restore-elements-confirm'));
    await waitFor(() => expect(restored).toHaveLength(1), { timeout: 10_000 });
    const post = api().received.find((r) => r.method === 'POST')!;
    expect(post).toMatchObject({ path: '/projects/p1/versions/v1/restore-elements', body: { element_ids: ['b'] } });
  });

  it('lets a viewer compare but not restore', async () => {
    compareServer();
    render({ canRestore: false });
    const result = await compareOldestWithNow();
    expect(within(result).getByTestId('compare-counts').textContent).toBe('1 added1 removed1 changed');
    expect(screen.queryAllByTestId('change-pick')).toEqual([]);
    expect(screen.queryByTestId('restore-elements')).toBeNull();
  });

  it('compares in Chinese', async () => {
    await changeLocale('zh-CN', false);
    compareServer();
    render();
    const result = await compareOldestWithNow();
    expect(within(result).getByTestId('compare-counts').textContent).toBe('1 个新增1 个删除1 处改动');
    expect(within(result).getAllByRole('listitem')[0].textContent).toBe('新增: 文本 “New note”');
  });
});

describe('the comparison drawn over the board', () => {
  it('colours added, changed and removed elements and fades the rest', () => {
    const from = sc(el('a'), el('b'), el('c'));
    const to = sc(el('a', { x: 5, version: 2 }), el('c'), el('d'), el('gone', { isDeleted: true }));
    const drawn = comparisonScene(from, to, { added: ['d'], removed: ['b'], changed: ['a'] });
    const byId = new Map(drawn.elements.map((e) => [e.id, e as unknown as Record<string, unknown>]));
    expect([...byId.keys()]).toEqual(['a', 'c', 'd', 'b']);
    expect(byId.get('a')).toMatchObject({ strokeColor: COMPARE_COLOURS.changed, x: 5 });
    expect(byId.get('d')).toMatchObject({ strokeColor: COMPARE_COLOURS.added });
    expect(byId.get('b')).toMatchObject({ strokeColor: COMPARE_COLOURS.removed, strokeStyle: 'dashed', isDeleted: false });
    expect(byId.get('c')).toMatchObject({ strokeColor: '#1e1e1e', opacity: 25 });
  });
});
