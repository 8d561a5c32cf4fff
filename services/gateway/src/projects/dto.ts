import {
  addCollaboratorSchema,
  updateCollaboratorSchema,
  createProjectSchema,
  publishProjectSchema,
  submitTemplateSchema,
  updateProjectSchema,
} from '@visualnotes/contracts';
import { createZodDto } from 'nestjs-zod';

export class CreateProjectDto extends createZodDto(createProjectSchema) {}
export class UpdateProjectDto extends createZodDto(updateProjectSchema) {}
export class PublishProjectDto extends createZodDto(publishProjectSchema) {}
export class SubmitTemplateDto extends createZodDto(submitTemplateSchema) {}
export class AddCollaboratorDto extends createZodDto(addCollaboratorSchema) {}
export class UpdateCollaboratorDto extends createZodDto(updateCollaboratorSchema) {}
