import { Module } from '@nestjs/common';
import { AskController } from './ask.controller';

/** Asking one's videos and documents (media service behind it, the ai service's models behind that). */
@Module({ controllers: [AskController] })
export class AskModule {}
