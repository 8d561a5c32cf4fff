import type { TemplateCategory } from '@visualnotes/contracts';

/** The maker tools: each starts a canvas from one shipped template (services/publish/src/templates/data). */
export const MAKER_TOOLS: Record<string, { template: string; category: TemplateCategory; action: string; steps: string[] }> = {
  'moodboard-maker': {
    template: 'moodboard',
    category: 'moodboard',
    action: 'Create a moodboard',
    steps: ['Start from frames for pictures, a colour palette and words.', 'Drop your own images, notes and colours onto the board.', 'Share a read-only link or publish it to the web.'],
  },
  'flowchart-maker': {
    template: 'flowchart',
    category: 'flowchart',
    action: 'Create a flowchart',
    steps: ['Start from a simple flowchart with start, steps, a decision and an end.', 'Add boxes and connect them with arrows that stay attached.', 'Export as PNG or SVG, or publish it to the web.'],
  },
};
