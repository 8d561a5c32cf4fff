import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import {
  DomainError,
  hasScope,
  PublishMessages,
  Scopes,
  TEMPLATE_CATEGORIES,
  TEMPLATE_MAX_PENDING,
  type PublishCaller,
  type Scene,
  type Template,
  type TemplateCategory,
  type TemplateSummary,
} from '@visualnotes/contracts';
import { iso, isUuid } from '../common/ids';
import { ProjectsService } from '../projects/projects.service';
import { validateScene } from '../projects/scene';
import type { TemplateRow } from './template.entity';
import { TemplatesRepository } from './templates.repository';

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
  builtin: r.builtinKey !== null,
  key: r.builtinKey,
  created_at: iso(r.createdAt),
});
const notFound = () => new DomainError('NOT_FOUND', PublishMessages.templateNotFound);

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
    private readonly templates: TemplatesRepository,
    private readonly projects: ProjectsService,
  ) {}

  async onApplicationBootstrap() {
    await this.seed();
  }

  /** Inserts the shipped templates that are missing and refreshes the ones that changed. */
  async seed() {
    const files = loadBuiltinTemplates();
    for (const t of files) await this.templates.keepShipped(t);
    this.logger.log(`${files.length} shipped templates in the gallery`);
  }

  async list(category?: string): Promise<TemplateSummary[]> {
    if (category !== undefined && !TEMPLATE_CATEGORIES.includes(category as TemplateCategory)) return [];
    return (await this.templates.approved(category as TemplateCategory | undefined)).map(summary);
  }

  async mine(authorId: string): Promise<TemplateSummary[]> {
    return (await this.templates.byAuthor(authorId)).map(summary);
  }

  async pending(caller: PublishCaller): Promise<TemplateSummary[]> {
    this.requireAdmin(caller);
    return (await this.templates.pending()).map(summary);
  }

  /** An approved template; a pending or rejected one only for its author and operators. */
  async get(id: string, caller?: { user_id?: string; scope?: unknown }): Promise<Template> {
    if (!isUuid(id)) throw notFound();
    const row = await this.templates.withScene(id);
    if (!row) throw notFound();
    const visible = row.status === 'approved' || (caller?.user_id && row.authorId === caller.user_id) || hasScope(caller?.scope, Scopes.admin);
    if (!visible) throw notFound();
    return { ...summary(row), scene: row.scene };
  }

  async submit(caller: PublishCaller, input: { project_id: string; name: string; description?: string; category: TemplateCategory }): Promise<TemplateSummary> {
    const { name } = input;
    const project = await this.projects.get(caller.user_id, input.project_id);
    // Each submission keeps a copy of its scene until an operator reviews it.
    if ((await this.templates.pendingCount(caller.user_id)) >= TEMPLATE_MAX_PENDING) throw new DomainError('RATE_LIMITED', PublishMessages.templatesPending);
    // Deleted elements are history of the project, not part of the template.
    const scene: Scene = { ...project.scene, elements: project.scene.elements.filter((e) => !e.isDeleted) };
    const row = await this.templates.add({ name, description: input.description ?? '', category: input.category, scene, authorId: caller.user_id });
    return summary(row);
  }

  async use(caller: PublishCaller, id: string, title?: string) {
    const template = await this.get(id, caller);
    return this.projects.create(caller.user_id, { title: title?.trim() || template.name, trustedScene: template.scene });
  }

  async review(caller: PublishCaller, id: string, decision: 'approve' | 'reject'): Promise<TemplateSummary> {
    this.requireAdmin(caller);
    if (!isUuid(id)) throw notFound();
    const row = await this.templates.review(id, decision === 'approve' ? 'approved' : 'rejected', caller.user_id);
    if (!row) throw notFound();
    return summary(row);
  }

  private requireAdmin(caller: PublishCaller) {
    if (!hasScope(caller.scope, Scopes.admin)) throw new DomainError('FORBIDDEN');
  }
}
