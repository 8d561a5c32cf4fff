import { blogArticleQuerySchema, blogListQuerySchema } from '@visualnotes/contracts';
import { createZodDto } from 'nestjs-zod';

export class BlogListQueryDto extends createZodDto(blogListQuerySchema) {}
export class BlogArticleQueryDto extends createZodDto(blogArticleQuerySchema) {}
