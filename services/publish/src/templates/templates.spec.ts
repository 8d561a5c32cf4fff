import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sceneSchema, TEMPLATE_CATEGORIES } from '@visualnotes/contracts';
import { loadBuiltinTemplates, TEMPLATES_DIR } from './templates.service';

describe('shipped templates', () => {
  it('are at least 12 valid Excalidraw scenes with a gallery category', () => {
    for (const file of readdirSync(TEMPLATES_DIR)) {
      const t = JSON.parse(readFileSync(join(TEMPLATES_DIR, file), 'utf8'));
      const parsed = sceneSchema.safeParse(t.scene);
      expect({ file, issues: parsed.success ? [] : parsed.error.issues.slice(0, 3) }).toEqual({ file, issues: [] });
    }
    const templates = loadBuiltinTemplates();
    expect(templates.length).toBeGreaterThanOrEqual(12);
    for (const t of templates) {
      expect(TEMPLATE_CATEGORIES).toContain(t.category);
      expect(t.scene.elements.length).toBeGreaterThan(3);
      expect(t.name.length).toBeGreaterThan(3);
    }
    expect(new Set(templates.map((t) => t.category)).size).toBeGreaterThanOrEqual(7);
  });
});
