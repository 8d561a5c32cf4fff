import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DomainError,
  hasScope,
  PublishMessages,
  Scopes,
  TEMPLATE_CATEGORIES,
  type PublishCaller,
  type Scene,
  type Template,
  type TemplateCategory,
  type TemplateSummary,
} from '@visualnotes/contracts';
import type { DataSource } from 'typeorm';
import { iso, isUuid } from '../common/ids';
import { ProjectsService } from '../projects/projects.service';
import { validateScene } from '../projects/scene';

interface TemplateRow {
  id: string;
  name: string;
  description: string;
  category: TemplateCategory;
  status: TemplateSummary['status'];
  author_id: string | null;
  builtin_key: string | null;
  created_at: Date;
  scene?: Scene;
}

/** A template file of `data/`: an Excalidraw scene with the gallery's fields. */
interface TemplateFile {
  key: string;
  name: string;
  description: string;
  category: TemplateCategory;
  scene: unknown;
}

export const TEMPLATES_DIR = join(__dirname, 'data');

const summary = (r: TemplateRow): TemplateSummary => ({
  id: r.id,
  name: r.name,
  description: r.description,
  category: r.category,
  status: r.status,
  builtin: r.builtin_key !== null,
  key: r.builtin_key,
  created_at: iso(r.created_at),
});
const notFound = () => new DomainError('NOT_FOUND', PublishMessages.templateNotFound);
const COLUMNS = 'id, name, description, category, status, author_id, builtin_key, created_at';

/** Reads the templates shipped with the service (`data/*.json`), checking each like a user's scene. */
export function loadBuiltinTemplates(dir = TEMPLATES_DIR): (TemplateFile & { scene: Scene })[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const file = JSON.parse(readFileSync(join(dir, f), 'utf8')) as TemplateFile;
      if (!TEMPLATE_CATEGORIES.includes(file.category)) throw new Error(`template ${f}: unknown category ${file.category}`);
      return { ...file, key: file.key ?? f.replace(/\.json$/, ''), scene: validateScene(file.scene) };
    });
}

/**
 * The template gallery: templates shipped as data (seeded at start, idempotently), and templates
 * users submit from their projects, public once an operator (scope `admin`) approves them.
 */
@Injectable()
export class TemplatesService implements OnApplicationBootstrap {
  private readonly logger = new Logger(TemplatesService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly projects: ProjectsService,
  ) {}

  async onApplicationBootstrap() {
    await this.seed();
  }

  /** Inserts the shipped templates that are missing and refreshes the ones that changed. */
  async seed() {
    const files = loadBuiltinTemplates();
    for (const t of files) {
      await this.db.query(
        `INSERT INTO "publish"."templates" (name, description, category, scene, status, builtin_key, reviewed_at)
         VALUES ($1, $2, $3, $4::jsonb, 'approved', $5, now())
         ON CONFLICT (builtin_key) DO UPDATE SET name = EXCLUDED.name, description = EXCLUDED.description,
           category = EXCLUDED.category, scene = EXCLUDED.scene
         WHERE "templates".scene IS DISTINCT FROM EXCLUDED.scene OR "templates".name IS DISTINCT FROM EXCLUDED.name
            OR "templates".description IS DISTINCT FROM EXCLUDED.description OR "templates".category IS DISTINCT FROM EXCLUDED.category`,
        [t.name, t.description, t.category, JSON.stringify(t.scene), t.key],
      );
    }
    this.logger.log(`${files.length} shipped templates in the gallery`);
  }

  async list(category?: string): Promise<TemplateSummary[]> {
    if (category !== undefined && !TEMPLATE_CATEGORIES.includes(category as TemplateCategory)) return [];
    const rows: TemplateRow[] = await this.db.query(
      `SELECT ${COLUMNS} FROM "publish"."templates" WHERE status = 'approved' AND ($1::text IS NULL OR category = $1)
        ORDER BY builtin_key IS NULL, created_at, name`,
      [category ?? null],
    );
    return rows.map(summary);
  }

  async mine(authorId: string): Promise<TemplateSummary[]> {
    const rows: TemplateRow[] = await this.db.query(
      `SELECT ${COLUMNS} FROM "publish"."templates" WHERE author_id = $1 ORDER BY created_at DESC`,
      [authorId],
    );
    return rows.map(summary);
  }

  async pending(caller: PublishCaller): Promise<TemplateSummary[]> {
    this.requireAdmin(caller);
    const rows: TemplateRow[] = await this.db.query(
      `SELECT ${COLUMNS} FROM "publish"."templates" WHERE status = 'pending' ORDER BY created_at`,
    );
    return rows.map(summary);
  }

  /** An approved template; a pending or rejected one only for its author and operators. */
  async get(id: string, caller?: { user_id?: string; scope?: unknown }): Promise<Template> {
    if (!isUuid(id)) throw notFound();
    const [row]: TemplateRow[] = await this.db.query(`SELECT ${COLUMNS}, scene FROM "publish"."templates" WHERE id = $1`, [id]);
    if (!row) throw notFound();
    const visible = row.status === 'approved' || (caller?.user_id && row.author_id === caller.user_id) || hasScope(caller?.scope, Scopes.admin);
    if (!visible) throw notFound();
    return { ...summary(row), scene: row.scene! };
  }

  async submit(
    caller: PublishCaller,
    input: { project_id: string; name: string; description?: string; category: TemplateCategory },
  ): Promise<TemplateSummary> {
    const { name } = input;
    const project = await this.projects.get(caller.user_id, input.project_id);
    // Deleted elements are history of the project, not part of the template.
    const scene: Scene = { ...project.scene, elements: project.scene.elements.filter((e) => !e.isDeleted) };
    const [row]: TemplateRow[] = await this.db.query(
      `INSERT INTO "publish"."templates" (name, description, category, scene, status, author_id)
       VALUES ($1, $2, $3, $4::jsonb, 'pending', $5) RETURNING ${COLUMNS}`,
      [name, input.description ?? '', input.category, JSON.stringify(scene), caller.user_id],
    );
    return summary(row);
  }

  async use(caller: PublishCaller, id: string, title?: string) {
    const template = await this.get(id, caller);
    return this.projects.create(caller.user_id, { title: title?.trim() || template.name, trustedScene: template.scene });
  }

  async review(caller: PublishCaller, id: string, decision: 'approve' | 'reject'): Promise<TemplateSummary> {
    this.requireAdmin(caller);
    if (!isUuid(id)) throw notFound();
    const [[row]] = (await this.db.query(
      `UPDATE "publish"."templates" SET status = $2, reviewed_at = now(), reviewed_by = $3 WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, decision === 'approve' ? 'approved' : 'rejected', caller.user_id],
    )) as [TemplateRow[], number];
    if (!row) throw notFound();
    return summary(row);
  }

  private requireAdmin(caller: PublishCaller) {
    if (!hasScope(caller.scope, Scopes.admin)) throw new DomainError('FORBIDDEN');
  }
}
