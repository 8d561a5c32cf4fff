import type { Project, ProjectSummary } from '@visualnotes/contracts';
import { iso } from '../common/ids';
import type { ProjectRow, ProjectWithScene } from './projects.repository';

export function projectSummaryView(row: ProjectRow): ProjectSummary {
  return {
    id: row.id,
    title: row.title,
    version: row.version,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    public_id: row.publicId ?? null,
    role: row.role,
  };
}

export const projectView = (row: ProjectWithScene): Project => ({ ...projectSummaryView(row), scene: row.scene });
