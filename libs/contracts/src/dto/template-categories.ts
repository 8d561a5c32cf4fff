// Without zod: the template gallery pages do not load the schemas.

export const TEMPLATE_CATEGORIES = ['whiteboard', 'moodboard', 'flowchart', 'mind-map', 'meeting', 'study-notes', 'video-notes', 'planning'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];
export const TEMPLATE_CATEGORY_LABELS: Record<TemplateCategory, string> = {
  whiteboard: 'Whiteboard',
  moodboard: 'Moodboard',
  flowchart: 'Flowchart',
  'mind-map': 'Mind map',
  meeting: 'Meeting',
  'study-notes': 'Study notes',
  'video-notes': 'Video notes',
  planning: 'Planning',
};
