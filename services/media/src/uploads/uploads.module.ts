import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Upload } from './upload.entity';
import { UploadsHandlers } from './uploads.handlers';
import { UploadsRepository } from './uploads.repository';
import { UploadsService } from './uploads.service';

@Module({
  imports: [TypeOrmModule.forFeature([Upload])],
  controllers: [UploadsHandlers],
  providers: [UploadsRepository, UploadsService],
  exports: [UploadsService],
})
export class UploadsModule {}
