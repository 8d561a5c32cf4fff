import { useTranslation } from '../../i18n/i18n';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { ComingSoon } from '../../components/ComingSoon/ComingSoon';
import { findToolByPath, TOOL_GROUP_LABELS } from '../../app/routes/tools';
import { VIDEO_TOOL_SLUGS } from '../../features/video/video-tools';
import { VideoSummarizer } from '../../features/video/VideoSummarizer';
import { DOCUMENT_TOOL_SLUGS } from '../../features/documents/document-tools';
import { MAKER_TOOLS } from './maker-tools';
import { msg } from '../../i18n/msg';

// The maker pages load the canvas helpers: a chunk of their own keeps the other tool pages light.
const MakerToolPage = lazy(() => import('./MakerToolPage').then((m) => ({ default: m.MakerToolPage })));
// The document summarizers too: the video tools (the most visited) do not load their code.
const DocumentToolPage = lazy(() => import('./documents/DocumentToolPage').then((m) => ({ default: m.DocumentToolPage })));

/** One page per tool of app/routes/tools.ts; the route table only registers known tools. */
export function ToolPage() {
  const { t } = useTranslation();
  const tool = findToolByPath(useLocation().pathname);
  if (!tool) return <ComingSoon title={msg('Tools')} />;
  if (VIDEO_TOOL_SLUGS.has(tool.slug)) return <VideoSummarizer heading={tool.name} />;
  if (DOCUMENT_TOOL_SLUGS.has(tool.slug))
    return (
      <Suspense fallback={null}>
        <DocumentToolPage heading={tool.name} slug={tool.slug} />
      </Suspense>
    );
  if (tool.slug in MAKER_TOOLS)
    return (
      <Suspense fallback={null}>
        <MakerToolPage tool={tool} />
      </Suspense>
    );
  return <ComingSoon title={tool.name} description={`${t(TOOL_GROUP_LABELS[tool.group])}: ${t(tool.description)}`} />;
}
