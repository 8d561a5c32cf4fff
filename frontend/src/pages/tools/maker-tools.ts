import type { TemplateCategory } from '@visualnotes/contracts';
import { msg } from '../../i18n/msg';

/** The maker tools: each starts a canvas from one shipped template (services/publish/src/templates/data). */
export const MAKER_TOOLS: Record<string, { template: string; category: TemplateCategory; action: string; steps: string[] }> = {
  'moodboard-maker': {
    template: 'moodboard',
    category: 'moodboard',
    action: msg('Create a moodboard'),
    steps: [
      msg('Start from frames for pictures, a colour palette and words.'),
      msg('Drop your own images, notes and colours onto the board.'),
      msg('Share a read-only link or publish it to the web.'),
    ],
  },
  'flowchart-maker': {
    template: 'flowchart',
    category: 'flowchart',
    action: msg('Create a flowchart'),
    steps: [
      msg('Start from a simple flowchart with start, steps, a decision and an end.'),
      msg('Add boxes and connect them with arrows that stay attached.'),
      msg('Export as PNG or SVG, or publish it to the web.'),
    ],
  },
};
