import { useTranslation } from '../../i18n/i18n';
import { useLocation } from 'react-router-dom';
import { ComingSoon } from '../../components/ComingSoon/ComingSoon';
import { findToolByPath, TOOL_GROUP_LABELS } from '../../app/routes/tools';
import { VideoSummarizer } from '../../features/video/VideoSummarizer';
import { msg } from '../../i18n/msg';

/** The video tools' page, and a page for a tool to come (the document and maker tools have pages of their own). */
export function ToolPage() {
  const { t } = useTranslation();
  const tool = findToolByPath(useLocation().pathname);
  if (!tool) return <ComingSoon title={msg('Tools')} />;
  if (tool.page === 'video') return <VideoSummarizer heading={tool.name} />;
  return <ComingSoon title={tool.name} description={`${t(TOOL_GROUP_LABELS[tool.group])}: ${t(tool.description)}`} />;
}
