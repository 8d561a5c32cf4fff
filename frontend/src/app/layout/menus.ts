import { COMPARISONS, INFO_PAGES } from '../routes/site-pages';
import { TOOL_GROUP_LABELS, toolPath, toolsInGroup, type ToolGroup } from '../routes/tools';
import { EXTERNAL_LINKS } from './external-links';

/** `to` is an internal route, `href` an outside address (opens normally, no prefetch). */
export type NavLinkItem = { label: string; to: string } | { label: string; href: string };

export interface NavGroup {
  label?: string;
  links: NavLinkItem[];
}

export type HeaderItem = ({ kind: 'link' } & NavLinkItem) | { kind: 'menu'; id: string; label: string; groups: NavGroup[] };

const toolGroup = (group: ToolGroup): NavGroup => ({
  label: TOOL_GROUP_LABELS[group],
  links: toolsInGroup(group).map((tool) => ({ label: tool.name, to: toolPath(tool) })),
});

/** Header menus. Use cases point at the sections of the home page. */
export const HEADER_ITEMS: HeaderItem[] = [
  {
    kind: 'menu',
    id: 'use-cases',
    label: 'Use Cases',
    groups: [
      {
        links: [
          { label: 'Visual notes', to: '/#notes' },
          { label: 'Whiteboards', to: '/#whiteboards' },
          { label: 'Video summaries', to: '/#video-summaries' },
          { label: 'Publishing', to: '/#publishing' },
        ],
      },
    ],
  },
  { kind: 'menu', id: 'tools', label: 'Tools', groups: [toolGroup('visual'), toolGroup('ai')] },
  { kind: 'link', label: 'Templates', to: '/templates' },
  {
    kind: 'menu',
    id: 'community',
    label: 'Community',
    groups: [
      {
        links: [
          { label: 'Discord', href: EXTERNAL_LINKS.discord },
          { label: 'Forum', href: EXTERNAL_LINKS.forum },
          { label: 'Twitter', href: EXTERNAL_LINKS.twitter },
          { label: 'Feature request', href: EXTERNAL_LINKS.featureRequest },
          { label: 'E-mail', href: EXTERNAL_LINKS.email },
        ],
      },
    ],
  },
  { kind: 'link', label: 'Blog', to: '/blog' },
  { kind: 'link', label: 'Wiki', href: EXTERNAL_LINKS.wiki },
  { kind: 'link', label: 'Download', to: '/download' },
  { kind: 'link', label: 'Pricing', to: '/pricing' },
];

/** Shown as the call to action at the end of the header. */
export const ACCOUNT_LINK = { label: 'Account', to: '/account' };

/** Footer columns. */
export const FOOTER_COLUMNS: { title: string; links: NavLinkItem[] }[] = [
  {
    title: 'Product',
    links: [
      { label: 'Download', to: '/download' },
      { label: 'Feature request', href: EXTERNAL_LINKS.featureRequest },
      { label: INFO_PAGES.changelog.title, to: INFO_PAGES.changelog.path },
      { label: INFO_PAGES.roadmap.title, to: INFO_PAGES.roadmap.path },
    ],
  },
  {
    title: 'Resources',
    links: [
      { label: INFO_PAGES.privacy.title, to: INFO_PAGES.privacy.path },
      { label: INFO_PAGES.terms.title, to: INFO_PAGES.terms.path },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: INFO_PAGES.vision.title, to: INFO_PAGES.vision.path },
      { label: "Founder's social", href: EXTERNAL_LINKS.founderSocial },
      { label: 'E-mail', href: EXTERNAL_LINKS.email },
    ],
  },
  { title: 'Tools', links: [...toolGroup('visual').links, ...toolGroup('ai').links] },
  { title: 'Comparisons', links: COMPARISONS.map((page) => ({ label: page.name, to: `/${page.slug}` })) },
];
