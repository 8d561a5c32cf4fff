// Direct path: the contracts index would bring zod into the first-load bundle.
import { SITE_TOOLS, type SiteTool, type ToolGroup, type ToolPageKind } from '@visualnotes/contracts/site/pages';

/** The tool pages. Each is served at `/tools/<slug>` and listed in header and footer. */
export type { ToolGroup, ToolPageKind };
export type Tool = SiteTool;

export const TOOL_GROUP_LABELS: Record<ToolGroup, string> = {
  visual: 'Visual Tools',
  ai: 'AI Tools',
};

export const TOOLS: readonly Tool[] = SITE_TOOLS;

export const toolPath = (tool: Pick<Tool, 'slug'>) => `/tools/${tool.slug}`;

export const findToolByPath = (pathname: string) => TOOLS.find((tool) => toolPath(tool) === pathname.replace(/\/+$/, ''));

export const toolsInGroup = (group: ToolGroup) => TOOLS.filter((tool) => tool.group === group);
