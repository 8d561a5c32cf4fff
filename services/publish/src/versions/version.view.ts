import type { ProjectVersion } from '@visualnotes/contracts';
import { iso } from '../common/ids';
import type { VersionRow } from './versions.repository';

export const versionView = (r: VersionRow): ProjectVersion => ({
  id: r.id,
  project_version: r.project_version,
  created_at: iso(r.created_at),
  author_id: r.author_id,
  editor_ids: r.editor_ids ?? [],
  reason: r.reason,
  changed_elements: r.changed_elements,
  elements: r.elements,
});
