import { Module } from '@nestjs/common';
import { AskHandlers } from './ask.handlers';
import { AskModels } from './ask-models';

/** The models behind asking one's sources (embeddings and answers). */
@Module({ controllers: [AskHandlers], providers: [AskModels], exports: [AskModels] })
export class AskModule {}
