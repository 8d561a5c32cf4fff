import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseExcalidrawFile, parseExcalidrawLibrary, restoreElements } from './excalidraw-restore';
import { restoreScene, sceneProblem } from './publish';

const fixture = (name: string) => readFileSync(join(__dirname, '../../../../test/fixtures/excalidraw', name), 'utf8');
const NOW = 1_750_000_000_000;

describe('Excalidraw restore', () => {
  it('opens an old-format file: fills missing fields, migrates legacy ones, drops what cannot be drawn', () => {
    const file = parseExcalidrawFile(fixture('old-format.excalidraw'), NOW)!;
    expect(file.elements.map((e) => e.id)).toEqual(['box', 'label', 'arrow1', 'scribble', 'back', 'bad-link', 'empty-text']);
    for (const e of file.elements) {
      expect(e.version).toBeGreaterThanOrEqual(1);
      expect(Number.isInteger(e.versionNonce)).toBe(true);
      expect(typeof e.isDeleted).toBe('boolean');
    }
    const byId = Object.fromEntries(file.elements.map((e) => [e.id, e]));
    expect(byId.box).toMatchObject({
      version: 1,
      versionNonce: 0,
      isDeleted: false,
      // as Excalidraw restores a round rectangle of an old file: its own (legacy) radius
      roundness: { type: 1 },
      boundElements: [{ type: 'arrow', id: 'arrow1' }],
      updated: NOW,
      locked: false,
    });
    expect(restoreElements([{ id: 'd', type: 'diamond', x: 0, y: 0, width: 9, height: 9, strokeSharpness: 'round' }], NOW)[0].roundness).toEqual({ type: 2 });
    expect(restoreElements([{ id: 'r', type: 'rectangle', x: 0, y: 0, width: 9, height: 9, strokeSharpness: 'sharp' }], NOW)[0].roundness).toBeNull();
    expect(byId.box).not.toHaveProperty('boundElementIds');
    expect(byId.box).not.toHaveProperty('strokeSharpness');
    expect(byId.label).toMatchObject({ fontSize: 20, fontFamily: 1, text: 'Old label', originalText: 'Old label', verticalAlign: 'top', containerId: null });
    expect(byId.label).not.toHaveProperty('font');
    expect(byId.arrow1).toMatchObject({ startBinding: { elementId: 'box', focus: 0.1 }, endBinding: null, endArrowhead: 'arrow', width: 150, height: 0 });
    expect(byId.scribble).toMatchObject({ type: 'line', width: 50, height: 30 });
    expect(byId.back).toMatchObject({ x: 220, y: 160, width: 80, height: 40, seed: 10, strokeColor: '#1e1e1e', opacity: 100 });
    expect(byId['bad-link'].link).toBeNull();
    expect(byId['empty-text']).toMatchObject({ isDeleted: true, version: 2 });
    // only settings Excalidraw accepts are kept ("sepia" is not a theme)
    expect(file.appState).toEqual({ viewBackgroundColor: '#f8f9fa', gridSize: null });
    expect(file.files).toEqual({});
  });

  it('is accepted as a project scene once restored, where the raw file is not', () => {
    const raw = JSON.parse(fixture('old-format.excalidraw'));
    expect(sceneProblem(raw)).not.toBeNull();
    expect(sceneProblem(restoreScene(raw))).toBeNull();
    expect(sceneProblem(restoreScene({ hello: 'world' }))).not.toBeNull();
    expect(sceneProblem(restoreScene({ elements: 'nope' }))).not.toBeNull();
  });

  it('keeps the images of a file saved by excalidraw.com that its elements use', () => {
    const file = parseExcalidrawFile(fixture('with-images.excalidraw'), NOW)!;
    expect(file.elements.filter((e) => e.type === 'image').map((e) => e.fileId)).toEqual(Object.keys(file.files));
    expect(Object.keys(file.files)).toHaveLength(2); // the unused one is left out
    for (const f of Object.values(file.files)) {
      expect(f.mimeType).toBe('image/png');
      expect(Buffer.from(f.dataURL.split(',')[1], 'base64').subarray(1, 4).toString()).toBe('PNG');
    }
    expect(file.appState).toEqual({ gridSize: 20, gridStep: 5, gridModeEnabled: false, viewBackgroundColor: '#ffffff' });
  });

  it('makes ids unique and repairs references to missing elements', () => {
    const els = restoreElements(
      [
        {
          id: 'a',
          type: 'rectangle',
          x: 0,
          y: 0,
          width: 10,
          height: 10,
          boundElements: [
            { id: 't', type: 'text' },
            { id: 'missing', type: 'arrow' },
          ],
        },
        { id: 'a', type: 'ellipse', x: 0, y: 0, width: 10, height: 10, frameId: 'no-frame' },
        { id: 't', type: 'text', x: 0, y: 0, width: 10, height: 10, text: 'x', containerId: 'nowhere' },
        {
          type: 'line',
          x: 5,
          y: 5,
          points: [
            [2, 3],
            [12, 13],
          ],
        },
        { type: 'freedraw', x: 0, y: 0, points: 'broken' },
      ],
      NOW,
    );
    expect(els).toHaveLength(4);
    expect(new Set(els.map((e) => e.id)).size).toBe(4);
    expect(els[0].boundElements).toEqual([{ id: 't', type: 'text' }]);
    expect(els[1].frameId).toBeNull();
    expect(els[2].containerId).toBeNull();
    expect(els[3]).toMatchObject({
      x: 7,
      y: 8,
      points: [
        [0, 0],
        [10, 10],
      ],
      width: 10,
      height: 10,
    });
  });

  it('refuses text that is not an Excalidraw scene', () => {
    expect(parseExcalidrawFile('not json')).toBeNull();
    expect(parseExcalidrawFile('{"type":"excalidrawlib","libraryItems":[]}')).toBeNull();
    expect(parseExcalidrawFile('[1,2,3]')).toBeNull();
    expect(parseExcalidrawFile('{"elements":{}}')).toBeNull();
  });

  it('opens libraries of both versions, dropping deleted elements and empty items', () => {
    const items = parseExcalidrawLibrary(fixture('shapes.excalidrawlib'), NOW)!;
    expect(items.map((i) => i.elements.length)).toEqual([2, 1]);
    expect(items[0]).toMatchObject({ id: 'item-star', status: 'published', name: 'Card', created: 1690000000000 });
    expect(items[1]).toMatchObject({ status: 'unpublished', created: NOW });
    expect(items[1].elements[0]).toMatchObject({ type: 'arrow', version: 1, isDeleted: false });

    const v1 = parseExcalidrawLibrary(
      JSON.stringify({ type: 'excalidrawlib', version: 1, library: [[{ id: 'r', type: 'rectangle', x: 0, y: 0, width: 5, height: 5 }]] }),
      NOW,
    )!;
    expect(v1).toHaveLength(1);
    expect(v1[0].elements[0]).toMatchObject({ id: 'r', version: 1 });
    expect(parseExcalidrawLibrary(fixture('with-images.excalidraw'))).toBeNull();
  });
});
