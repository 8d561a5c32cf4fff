import { isLibraryFile } from './create-project';

describe('isLibraryFile', () => {
  const file = (text: string, name: string, type = '') => new File([text], name, { type });

  it('knows a library by its name, its type, or the content of a .json file', async () => {
    expect(await isLibraryFile(file('{}', 'shapes.excalidrawlib'))).toBe(true);
    expect(await isLibraryFile(file('{}', 'shapes', 'application/vnd.excalidrawlib+json'))).toBe(true);
    expect(await isLibraryFile(file('{\n  "type": "excalidrawlib",\n  "version": 2,\n  "libraryItems": []\n}', 'shapes.json'))).toBe(true);
    expect(await isLibraryFile(file('{"type":"excalidraw","version":2,"elements":[]}', 'drawing.json'))).toBe(false);
    expect(await isLibraryFile(file('{"type":"excalidrawlib"}', 'drawing.excalidraw'))).toBe(false);
  });
});
