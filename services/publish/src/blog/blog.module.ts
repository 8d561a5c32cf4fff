import { Module } from '@nestjs/common';
import { BlogHandlers } from './blog.handlers';
import { BlogService } from './blog.service';

@Module({
  controllers: [BlogHandlers],
  providers: [BlogService],
})
export class BlogModule {}
