/** Excalidraw elements and scenes for the tests of the publish service. */
import { sceneRectangle } from '@visualnotes/testing';

export const rect = (overrides: Record<string, unknown> = {}) => sceneRectangle({ versionNonce: 7, ...overrides }, 'rect');
export const scene = (...elements: unknown[]) => ({ type: 'excalidraw', version: 2, elements, appState: { viewBackgroundColor: '#ffffff' }, files: {} });
