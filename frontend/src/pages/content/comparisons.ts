/**
 * Comparison pages. Only what each product states publicly about itself; anything that changes
 * often (prices, limits) is left out so the pages stay true.
 */
export interface Comparison {
  slug: string;
  rival: string;
  summary: string;
  rivalStrengths: string[];
  ourStrengths: string[];
  rows: [feature: string, ours: string, theirs: string][];
}

export const COMPARISON_CONTENT: Comparison[] = [
  {
    slug: 'miro-alternative',
    rival: 'Miro',
    summary:
      'Miro is an online collaborative whiteboard built for team workshops. VisualNotes is a canvas for one person’s notes and research, with AI summaries of videos and documents built in.',
    rivalStrengths: ['Real-time collaboration for large teams and workshops', 'A large library of integrations and workshop templates'],
    ourStrengths: [
      'Summaries, transcripts and timestamped notes of YouTube videos and documents on the canvas',
      'Desktop apps and an installable web app that work offline',
      'Publish a board as a public page with view statistics',
    ],
    rows: [
      ['Infinite canvas', 'Yes', 'Yes'],
      ['Works offline', 'Yes (desktop apps and web app)', 'Online service'],
      ['YouTube and video summaries', 'Built in', 'Not a core feature'],
      ['PDF, PowerPoint and Word summaries', 'Built in', 'Not a core feature'],
      ['Real-time multi-user editing', 'Planned (see roadmap)', 'Yes'],
      ['Publish a board as a web page', 'Yes, with statistics', 'Share links and embeds'],
    ],
  },
  {
    slug: 'milanote-alternative',
    rival: 'Milanote',
    summary:
      'Milanote is a visual board tool popular with designers and writers. VisualNotes covers the same moodboard use, and adds AI summaries of videos and documents, flowcharts and offline desktop apps.',
    rivalStrengths: ['Polished boards for creative projects', 'Good web clipper for collecting images'],
    ourStrengths: [
      'Video and document summaries next to your boards',
      'Freehand drawing and flowcharts on the same canvas',
      'Desktop apps for Mac and Windows that work offline',
    ],
    rows: [
      ['Moodboards', 'Yes', 'Yes'],
      ['Freehand drawing and flowcharts', 'Yes', 'Limited'],
      ['YouTube and video summaries', 'Built in', 'No'],
      ['Offline use', 'Yes', 'Online service'],
      ['Publish a board as a web page', 'Yes, with statistics', 'Share links'],
    ],
  },
  {
    slug: 'notion-alternative',
    rival: 'Notion',
    summary:
      'Notion is a document and database workspace. VisualNotes is spatial: you arrange notes on a canvas instead of in pages. Many people use both — Notion for documents, VisualNotes for thinking visually.',
    rivalStrengths: ['Structured documents, wikis and databases', 'Team workspaces with permissions'],
    ourStrengths: ['An infinite canvas instead of linear pages', 'Video summaries with timestamped highlights', 'Offline desktop apps'],
    rows: [
      ['Layout', 'Free-form canvas', 'Pages and blocks'],
      ['Databases', 'No', 'Yes'],
      ['Whiteboard drawing', 'Yes', 'Limited'],
      ['YouTube and video summaries', 'Built in', 'Via add-ons or AI features'],
      ['Publish to the web', 'Yes, with statistics', 'Yes'],
    ],
  },
  {
    slug: 'excalidraw-alternative',
    rival: 'Excalidraw',
    summary:
      'Excalidraw is an open-source whiteboard with a hand-drawn look — our canvas is built on it. VisualNotes adds accounts, projects that sync, templates, publishing and AI summaries around it.',
    rivalStrengths: ['Open source and free to self-host', 'Fast, minimal and private by design'],
    ourStrengths: [
      'Projects saved to your account and synced across devices',
      'Video and document summaries you can place on the canvas',
      'Template gallery and publishing with statistics',
    ],
    rows: [
      ['Hand-drawn whiteboard', 'Yes (built on Excalidraw)', 'Yes'],
      ['Open source', 'The canvas library is', 'Yes'],
      ['Synced projects and library', 'Yes', 'With Excalidraw+'],
      ['AI summaries of videos and documents', 'Built in', 'No'],
      ['Template gallery', 'Yes', 'Community libraries'],
    ],
  },
];
