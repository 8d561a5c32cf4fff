import { Module } from '@nestjs/common';
import { BlogController } from './blog.controller';

/** Blog API (publish service behind it). */
@Module({ controllers: [BlogController] })
export class BlogModule {}
