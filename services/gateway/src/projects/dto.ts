import {
  addCollaboratorSchema,
  updateCollaboratorSchema,
  createProjectSchema,
  mergeElementsSchema,
  publishProjectSchema,
  restoreElementsSchema,
  submitTemplateSchema,
  updateProjectSchema,
} from '@visualnotes/contracts';
import { createZodDto } from 'nestjs-zod';

export class CreateProjectDto extends createZodDto(createProjectSchema) {}
export class MergeElementsDto extends createZodDto(mergeElementsSchema) {}
export class UpdateProjectDto extends createZodDto(updateProjectSchema) {}
export class PublishProjectDto extends createZodDto(publishProjectSchema) {}
export class SubmitTemplateDto extends createZodDto(submitTemplateSchema) {}
export class AddCollaboratorDto extends createZodDto(addCollaboratorSchema) {}
export class UpdateCollaboratorDto extends createZodDto(updateCollaboratorSchema) {}
export class RestoreElementsDto extends createZodDto(restoreElementsSchema) {}
